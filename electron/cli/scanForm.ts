import { parseArgs } from 'node:util';
import { stationOptions, withHeadlessStation } from './headless';
import type { CliCommand } from './command';
import { commandGroup } from './group';

const createCommand: CliCommand = {
  name: 'create',
  summary: 'The USPS SCAN form (end of day) for today\'s labels on no form yet, or for the labels named',
  usage: [
    'parcel-station scan-form create [TRACKING_NO...] [--json]',
    '→ {"id", "status": "ready" or "pending", "url": the form\'s PDF or null, "tracking_nos", "created_at"}',
    '  Without tracking numbers: today\'s USPS labels on no SCAN form yet (return labels never go on one).',
    '  pending: the service made the form but sent no PDF with its answer.',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    return withHeadlessStation(values, async (headless) => {
      const form = await headless.call('scanForms.createToday', positionals.length > 0 ? { trackingNos: positionals } : {});
      const count = `${form.trackingNos.length} label${form.trackingNos.length === 1 ? '' : 's'}`;
      if (form.status === 'pending') io.err(`The service made the SCAN form for ${count} but sent no PDF for it yet.`);
      io.out(
        values.json
          ? JSON.stringify({ id: form.id, status: form.status, url: form.pdfUrl, tracking_nos: form.trackingNos, created_at: form.createdAt })
          : `SCAN form for ${count}: ${form.pdfUrl ?? form.status}`,
      );
      return 0;
    });
  },
};

/** `parcel-station scan-form`: the v2 USPS SCAN form, as End of day makes it (v1 labels: parcel-station v1 scan-form). */
export const scanFormCommand: CliCommand = commandGroup(
  'scan-form',
  'The USPS SCAN form for today\'s labels (end of day): create',
  ['The v2 USPS SCAN form, one per label, never two (as End of day makes it). For v1 labels: parcel-station v1 scan-form.'],
  [createCommand],
);
