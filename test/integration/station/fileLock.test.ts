import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { makeTempDir } from '../../support/tempDir';

/**
 * The station's one lock between processes (electron/store/fileLock.ts),
 * with real processes: one owner per data folder, one token mint at a time
 * per AppKey, and a holder killed with -9 frees it at once (no stale-lock
 * wait). Each worker (test/bench/lockWorker.ts) reports what it did as JSON
 * lines; the test waits on those, never on time.
 */
const cleanups = useBuiltStation();
const worker = path.join(repoRoot, 'dist/test/bench/lockWorker.cjs');

type LockEvent = { event: 'folder'; held: boolean } | { event: 'ready' | 'asking' | 'waiting' | 'minting' } | { event: 'token'; value: string };

function startWorker(args: string[]) {
  const child = spawn(process.execPath, [worker, ...args], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: LockEvent[] = [];
  const waiters: Array<() => void> = [];
  let pending = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) events.push(JSON.parse(line) as LockEvent);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (name: LockEvent['event']): Promise<LockEvent> => {
    for (;;) {
      const seen = events.find((e) => e.event === name);
      if (seen) return seen;
      if (ended) throw new Error(`worker ${args.join(' ')} ended before "${name}": ${err}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const stop = async () => {
    if (!ended) child.kill('SIGKILL');
    await exited;
  };
  cleanups.push(stop);
  return { pid: child.pid, events, until, exited, send: (line: string) => child.stdin.write(`${line}\n`), end: () => child.stdin.end(), kill: () => child.kill('SIGKILL') };
}

describe('the one lock between processes', () => {
  it('one process holds a data folder; a second is refused; killed with -9, the holder frees it for the next at once', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const first = startWorker(['folder', temp.dir]);
    expect(await first.until('folder')).toEqual({ event: 'folder', held: true });
    const second = startWorker(['folder', temp.dir]);
    expect(await second.until('folder')).toEqual({ event: 'folder', held: false });
    first.kill();
    expect(await first.exited).toBe('SIGKILL');
    const third = startWorker(['folder', temp.dir]);
    expect(await third.until('folder')).toEqual({ event: 'folder', held: true });
    third.end();
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('processes asking at once for one AppKey\'s token: one mints while the others wait, and all take its token', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const dir = path.join(temp.dir, 'tokens');
    const workers = [0, 1, 2].map(() => startWorker(['token', dir, 'key-1']));
    await Promise.all(workers.map((w) => w.until('ready')));
    const [first, ...others] = workers;
    if (!first) throw new Error('three workers');
    first.send('go');
    await first.until('minting');
    for (const w of others) w.send('go');
    await Promise.all(others.map((w) => w.until('waiting')));
    first.send('finish');
    const tokens = await Promise.all(workers.map((w) => w.until('token')));
    expect(tokens.map((t) => ('value' in t ? t.value : null))).toEqual(workers.map(() => `sealed-by-${first.pid}`));
    expect(workers.flatMap((w) => w.events).filter((e) => e.event === 'minting')).toHaveLength(1);
  }, 60_000);

  it('a process killed with -9 while minting frees the turn at once: a waiting one mints instead', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const dir = path.join(temp.dir, 'tokens');
    const [dying, next] = [0, 1].map(() => startWorker(['token', dir, 'key-1']));
    if (!dying || !next) throw new Error('two workers');
    await Promise.all([dying.until('ready'), next.until('ready')]);
    dying.send('go');
    await dying.until('minting');
    next.send('go');
    await next.until('waiting');
    dying.kill();
    expect(await dying.exited).toBe('SIGKILL');
    await next.until('minting');
    next.send('finish');
    expect(await next.until('token')).toEqual({ event: 'token', value: `sealed-by-${next.pid}` });
  }, 60_000);
});
