import { parseArgs } from 'node:util';
import { CliUsageError, type CliCommand } from './command';
import { waitForShutdown } from './shutdown';

function port(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new CliUsageError(`--${name} must be a whole number from 0 to 65535, not "${text}".`);
  return value;
}

function number(name: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new CliUsageError(`--${name} must be a number from 0 to ${max}, not "${text}".`);
  return value;
}

export const sandboxCommand: CliCommand = {
  name: 'sandbox',
  summary: 'Run the embedded Shipping Service sandbox (v2 and legacy v1) on loopback',
  usage: [
    'Usage: parcel-station sandbox [--port N] [--legacy-port M] [--data-dir DIR] [--latency-ms X] [--fail-rate R] [--drop-purchases N] [--sparse-answers] [--seed S]',
    '',
    'Serves the v2 and v1 interfaces on 127.0.0.1 until SIGINT/SIGTERM. Prints one JSON line first:',
    '{"base_url", "legacy_base_url", "app_key", "app_secret", "api_token"}.',
    '',
    '  --port N         v2 port; 0 (default) picks a free one',
    '  --legacy-port M  v1 port; 0 (default) picks a free one',
    '  --data-dir DIR   keep state in DIR/sandbox.sqlite (default: in memory)',
    '  --latency-ms X   add X ms to every request',
    '  --fail-rate R    fail this fraction (0..1) of API requests with 503',
    '  --drop-purchases N  commit the next N purchases but drop their responses (the client sees a reset)',
    '  --sparse-answers  answer v2 in the documented shapes with only what a client needs: optional fields left out,',
    '                    numbers as strings, delivery days as ranges ("2-5"), unknown extra fields',
    '  --seed S         seed of the failure draws (and of in-memory credentials)',
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', default: '0' },
        'legacy-port': { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        'latency-ms': { type: 'string' },
        'fail-rate': { type: 'string' },
        'drop-purchases': { type: 'string' },
        'sparse-answers': { type: 'boolean', default: false },
        seed: { type: 'string' },
      },
      strict: true,
    });
    const latencyMs = number('latency-ms', values['latency-ms'], 600_000);
    const failRate = number('fail-rate', values['fail-rate'], 1);
    const seed = number('seed', values.seed, 2 ** 32);
    const drops = number('drop-purchases', values['drop-purchases'], 1_000_000);
    if (drops !== undefined && !Number.isInteger(drops)) throw new CliUsageError(`--drop-purchases must be a whole number, not "${values['drop-purchases']}".`);
    const { startSandbox } = await import('../sandbox');
    const sandbox = await startSandbox({
      port: port('port', values.port),
      legacyPort: port('legacy-port', values['legacy-port']),
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      ...(latencyMs !== undefined ? { latencyMs } : {}),
      ...(failRate !== undefined ? { failRate } : {}),
      ...(seed !== undefined ? { seed: Math.floor(seed) } : {}),
      sparseAnswers: values['sparse-answers'],
    });
    if (drops) sandbox.faults.set({ dropPurchaseResponses: drops });
    io.out(
      JSON.stringify({
        base_url: sandbox.baseUrl,
        legacy_base_url: sandbox.legacyBaseUrl,
        app_key: sandbox.credentials.appKey,
        app_secret: sandbox.credentials.appSecret,
        api_token: sandbox.credentials.apiToken,
      }),
    );
    await waitForShutdown();
    await sandbox.close();
    return 0;
  },
};
