import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real CUPS scheduler for one test: cupsd in the foreground with its own
 * config, spool, cache and state folders under a temp folder, listening on
 * a free port on 127.0.0.1. Printers are raw queues whose device is a socket
 * on 127.0.0.1 that the test listens on (a stand-in for a printer's port
 * 9100), so what arrives there is exactly what CUPS sent the printer.
 */
export interface TestCups {
  readonly port: number;
  /** The CUPS_SERVER value that points CUPS clients (ours and lpadmin) here. */
  readonly server: string;
  readonly dir: string;
  /** Adds an enabled raw queue; `description` stands where a driver name would (its printer-info). */
  addRawQueue(name: string, description: string, device: string): void;
  /** Runs a CUPS admin tool (cupsdisable, cupsreject, ...) against this scheduler. */
  admin(tool: string, ...args: string[]): string;
  stop(): Promise<void>;
}

const CUPSD_PATHS = ['/usr/sbin/cupsd', '/usr/local/sbin/cupsd'];
const SOCKET_BACKENDS = ['/usr/lib/cups/backend/socket', '/usr/local/lib/cups/backend/socket'];

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Answers once the scheduler accepts a connection on its port: bounded, never a fixed wait. */
async function waitForListening(port: number, child: ChildProcess, log: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cupsd exited (${child.exitCode}) before it listened:\n${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`cupsd did not listen on 127.0.0.1:${port} within ${timeoutMs} ms:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startTestCups(): Promise<TestCups> {
  const cupsd = CUPSD_PATHS.find((p) => fs.existsSync(p));
  if (!cupsd) throw new Error('cupsd is not installed. `bash .ci/run` installs it (Debian packages cups-daemon and cups-client).');
  // Debian's cups-daemon alone ships no socket backend; the `cups` package enables it.
  if (!SOCKET_BACKENDS.some((p) => fs.existsSync(p))) {
    throw new Error('CUPS has no socket backend for a network printer\'s queue. `bash .ci/run` installs it (Debian package cups).');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cups-'));
  // The scheduler hands spool files to backends running as lp: they must be able to walk in.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['conf', 'spool', 'cache', 'state', 'log']) fs.mkdirSync(path.join(dir, sub), { mode: 0o755 });
  fs.mkdirSync(path.join(dir, 'tmp'), { mode: 0o1777 });
  fs.chmodSync(path.join(dir, 'tmp'), 0o1777);
  const port = await freePort();
  const conf = path.join(dir, 'conf');
  fs.writeFileSync(
    path.join(conf, 'cupsd.conf'),
    [
      `Listen 127.0.0.1:${port}`,
      'LogLevel info',
      'WebInterface No',
      'Browsing No',
      'DefaultAuthType None',
      // Job history is what lets the station find a job it may already have sent.
      'PreserveJobHistory Yes',
      '<Location />',
      '  Order allow,deny',
      '  Allow all',
      '</Location>',
      '<Location /admin>',
      '  Order allow,deny',
      '  Allow all',
      '</Location>',
      '<Policy default>',
      '  <Limit All>',
      '    Order deny,allow',
      '  </Limit>',
      '</Policy>',
      '',
    ].join('\n'),
  );
  const root = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(conf, 'cups-files.conf'),
    [
      `ServerRoot ${conf}`,
      `RequestRoot ${path.join(dir, 'spool')}`,
      `CacheDir ${path.join(dir, 'cache')}`,
      `StateDir ${path.join(dir, 'state')}`,
      `TempDir ${path.join(dir, 'tmp')}`,
      `AccessLog ${path.join(dir, 'log', 'access_log')}`,
      `ErrorLog ${path.join(dir, 'log', 'error_log')}`,
      `PageLog ${path.join(dir, 'log', 'page_log')}`,
      ...(root ? ['User lp', 'Group lp', 'SystemGroup root'] : []),
      '',
    ].join('\n'),
  );
  const log = (): string => {
    try {
      return fs.readFileSync(path.join(dir, 'log', 'error_log'), 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '(no error_log)';
    }
  };
  const child = spawn(cupsd, ['-f', '-c', path.join(conf, 'cupsd.conf'), '-s', path.join(conf, 'cups-files.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForListening(port, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const server = `127.0.0.1:${port}`;
  const admin = (tool: string, ...args: string[]): string =>
    execFileSync(tool, ['-h', server, ...args], { encoding: 'utf8', env: { ...process.env, CUPS_SERVER: server }, stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    port,
    server,
    dir,
    addRawQueue(name, description, device) {
      // -m raw: CUPS 2.4 warns that raw queues are deprecated; they are still how a label printer takes its own language.
      execFileSync('lpadmin', ['-h', server, '-p', name, '-E', '-v', device, '-m', 'raw', '-D', description], { stdio: 'ignore' });
    },
    admin,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A printer's raw port: every connection's bytes, delivered as one buffer when the sender closes. */
export interface RawPort {
  readonly device: string;
  /** The next job to arrive (already arrived ones are handed out in order). */
  nextJob(): Promise<Buffer>;
  readonly received: readonly Buffer[];
  close(): Promise<void>;
}

export async function listenRawPort(): Promise<RawPort> {
  const received: Buffer[] = [];
  const waiting: Array<(job: Buffer) => void> = [];
  let handedOut = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      socket.end();
      const job = Buffer.concat(chunks);
      received.push(job);
      const next = waiting.shift();
      if (next) {
        handedOut++;
        next(job);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    device: `socket://127.0.0.1:${port}`,
    received,
    nextJob() {
      const ready = received[handedOut];
      if (ready) {
        handedOut++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface InstalledPrinter {
  readonly cups: TestCups;
  readonly port: RawPort;
}

/**
 * A real CUPS for the tests of one describe block, with one raw queue whose
 * port the test listens on; the station finds it as a bench does, through
 * CUPS_SERVER (put back afterwards). Call the returned function inside a test.
 */
export function useInstalledPrinter(queue: string, description: string): () => InstalledPrinter {
  let cups: TestCups | undefined;
  let port: RawPort | undefined;
  const saved = process.env.CUPS_SERVER;
  beforeAll(async () => {
    cups = await startTestCups();
    port = await listenRawPort();
    cups.addRawQueue(queue, description, port.device);
    process.env.CUPS_SERVER = cups.server;
  }, 30_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env.CUPS_SERVER;
    else process.env.CUPS_SERVER = saved;
    await port?.close();
    await cups?.stop();
  });
  return () => {
    if (!cups || !port) throw new Error('CUPS is not up yet: call this inside a test, not at file level.');
    return { cups, port };
  };
}
