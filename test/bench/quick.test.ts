// Every benchmark in its quick mode, run as README's command runs it (`npm run -s bench:NAME -- --quick --json`):
// it must exit 0 and print one JSON object holding the figures the full run reports. A benchmark that breaks
// (a renamed button, a changed contract) fails here instead of rotting unnoticed. Nothing here judges speed:
// the machine is shared, so targets are read from the full runs' JSON, not asserted.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Under the test's own limit, so a benchmark that hangs is ended and its output shown instead of a bare timeout. */
const benchLimitMs = 200_000;

function runBench(name: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Its own process group, so ending it also ends the stations and browser it started.
    const child = spawn('npm', ['run', '-s', `bench:${name}`, '--', '--quick', '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    const watchdog = setTimeout(() => {
      stderr += `\n[ended by the quick test after ${benchLimitMs / 1000} s]`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, benchLimitMs);
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The value at a dotted path ("search.tracking.p50_ms"; a number step indexes an array). */
function at(value: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** Per benchmark, the figures its JSON must carry, each a finite number. */
const benchmarks: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['label', ['summary.labels', 'summary.median_203.ours_ms.zpl', 'summary.median_203.zpl_image_ratio', 'summary.median_203.node_thermal_printer_ratio', 'labels.0.ours_zpl_bytes']],
  ['report', ['rows', 'report.all_ms.p95_ms', 'report.month_ms.p95_ms', 'report.day_labels_ms.p95_ms', 'fill_us_per_row']],
  ['store', ['rows', 'search.tracking.p95_ms', 'search.name_prefix.p95_ms', 'search.order.p95_ms', 'any_part.tracking_tail.p95_ms', 'any_part.zip.p95_ms', 'open_migrate_ms', 'background_check.done_ms', 'open_after_unclean_ms', 'damage_found_ms']],
  ['scan-to-print', ['scan_to_print.n', 'scan_to_print.p95_ms', 'scan_to_print.overhead_p95_ms', 'batch.packages', 'batch.seconds', 'bundle_gzip_kb']],
  ['rtt', ['packages', 'scanToRates.p95', 'enterToLabelBought.p95', 'serialValidateRateRerate.p95', 'inProcessCallsPerPackage.total']],
  ['sandbox', ['runs.1.callsPerSecond', 'runs.1.p99Ms', 'runs.6.callsPerSecond', 'runs.6.cpuUsPerCall']],
  ['start', ['runs', 'current.browserToAddressMs', 'current.browserToConnectedMs', 'current.desktopStationReadyMs', 'preloadBytes']],
  ['soak', ['packages', 'rss.after20Mb', 'rss.atEndMb', 'rss.ratio', 'databaseBytesPerPackage', 'msPerPackage.first', 'msPerPackage.last']],
  ['warehouse', ['warehousePostgres.bought', 'warehousePostgres.packagesPerMinute', 'warehousePostgres.claimMs.p95', 'sqliteOneBench.bought', 'sqliteOneBench.packagesPerMinute']],
];

describe('every benchmark runs in its quick mode and prints its JSON', () => {
  for (const [name, keys] of benchmarks) {
    it(`bench:${name} --quick`, async () => {
      const run = await runBench(name);
      expect(run.code, `bench:${name} exited with ${run.code}:\n${run.stderr.slice(-2000)}`).toBe(0);
      const lines = run.stdout.trim().split('\n');
      expect(lines, `bench:${name} --json printed more than one line:\n${run.stdout.slice(0, 2000)}`).toHaveLength(1);
      const report = JSON.parse(lines[0] ?? '') as unknown;
      const missing = keys.filter((key) => !Number.isFinite(at(report, key)));
      expect(missing, `bench:${name} printed no number at ${missing.join(', ')}`).toEqual([]);
    });
  }
});
