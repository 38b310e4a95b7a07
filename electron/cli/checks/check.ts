/** One line of `parcel-station doctor`: what was checked, how it went, and what to do. */
export interface CheckResult {
  readonly name: string;
  readonly status: 'ok' | 'warn' | 'fail';
  readonly detail: string;
}

export type Check = () => Promise<CheckResult | readonly CheckResult[]>;

/** Runs every check; a check that throws is reported as failed, never aborts the others. */
export async function runChecks(checks: readonly Check[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    try {
      const outcome = await check();
      results.push(...(Array.isArray(outcome) ? outcome : [outcome as CheckResult]));
    } catch (error) {
      results.push({ name: check.name || 'check', status: 'fail', detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

export function formatChecks(results: readonly CheckResult[]): string {
  const mark = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;
  const width = Math.max(...results.map((r) => r.name.length));
  return results.map((r) => `[${mark[r.status]}] ${r.name.padEnd(width)}  ${r.detail}`).join('\n');
}
