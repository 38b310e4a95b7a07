import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxErrors, SandboxError } from '../../../electron/sandbox/errorCodes';

describe('sandbox error codes', () => {
  it('are all documented in the README table with their status', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../../electron/sandbox/README.md'), 'utf8');
    for (const [code, [status]] of Object.entries(sandboxErrors)) expect(readme).toContain(`| \`${code}\` | ${status} |`);
  });

  it('use the statuses the issue names for each kind of failure', () => {
    const statuses = new Set(Object.values(sandboxErrors).map(([status]) => status));
    expect([...statuses].sort()).toEqual([400, 401, 403, 404, 405, 409, 413, 429, 500, 503]);
    expect(new SandboxError('rate_limited').status).toBe(429);
    expect(new SandboxError('shipment_already_voided', 'custom').message).toBe('custom');
  });
});
