import { parseArgs } from 'node:util';
import { stationOptions, withHeadlessStation } from '../headless';
import { CliUsageError, type CliCommand } from '../command';

export const v1ScanFormCommand: CliCommand = {
  name: 'scan-form',
  summary: 'Make the USPS SCAN form for v1 labels',
  usage: ['parcel-station v1 scan-form create TRACKING_CODE... [--json]', '→ {"status": "ready", "url": the form\'s PDF, "tracking_codes": [...]}'].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    const [action, ...trackingCodes] = positionals;
    if (action !== 'create') throw new CliUsageError('Say what to do: scan-form create TRACKING_CODE...');
    if (trackingCodes.length === 0) throw new CliUsageError('Give the tracking codes of the v1 labels to put on the SCAN form.');
    return withHeadlessStation(values, async (headless) => {
      const form = await headless.call('account.scanForms.create', { trackingCodes });
      if (form.message) io.err(form.message);
      io.out(
        values.json
          ? JSON.stringify({ status: form.status, url: form.url, tracking_codes: trackingCodes })
          : `SCAN form for ${trackingCodes.length} label${trackingCodes.length === 1 ? '' : 's'}: ${form.url ?? form.status}`,
      );
      return form.status === 'ready' ? 0 : 1;
    });
  },
};
