import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server for one test file, on 127.0.0.1 and a free port,
 * with its data folder in a temp dir it owns. Debian's server binaries live
 * under /usr/lib/postgresql/<version>/bin; the server refuses to run as root,
 * so under root it runs as the `postgres` user (which the package creates).
 */
export interface TestPostgres {
  /** A connection URL to a fresh database of its own, for one test. */
  database(name?: string): Promise<string>;
  /** Stops the server (fast shutdown) and starts it again on the same port and data; connections in flight are cut. */
  restart(): Promise<void>;
  /** Stops the server now (fast shutdown; synchronous, so a test can cut the database at an exact moment), keeping its data. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
  readonly port: number;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries are not installed (apt-get install postgresql; .ci/run does it).');
  return path.join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A port on 127.0.0.1 nothing listens on: a warehouse database that is down. */
export async function closedPort(): Promise<number> {
  return freePort();
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary as the user that may run it. */
function command(bin: string, args: readonly string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, [...args]];
}

function run(bin: string, args: readonly string[]): void {
  const [file, argv] = command(bin, args);
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function ready(port: number, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-pg-'));
  const data = path.join(root, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const log = path.join(root, 'server.log');
  const start = async () => {
    // Socket directory inside the temp dir: nothing outside it is touched.
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-o', `-h 127.0.0.1 -p ${port} -k ${root} -c fsync=off -c full_page_writes=off`, 'start']);
    await ready(port, 20_000);
  };
  const stopServer = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  let count = 0;
  return {
    port,
    async database(name) {
      count += 1;
      const db = name ?? `t${process.pid}_${count}`;
      const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(db)}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${db}`;
    },
    async restart() {
      stopServer();
      await start();
    },
    halt: stopServer,
    resume: start,
    async stop() {
      try {
        stopServer();
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A door in front of a server on 127.0.0.1 that can stop answering, as a database behind a dropped network does. */
export interface SilentDoor {
  readonly port: number;
  /** Cuts the connections through the door; from then on it accepts new ones and never answers them. */
  silence(): Promise<void>;
  /** Cuts the connections left unanswered; from then on new ones reach the server again, as when the network comes back. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startSilentDoor(targetPort: number): Promise<SilentDoor> {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((socket) => {
    track(socket);
    if (silent) return;
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    socket.pipe(upstream).on('close', () => socket.destroy());
    upstream.pipe(socket).on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the silent door has no port');
  const cut = () =>
    Promise.all(
      [...sockets].map((socket) =>
        socket.destroyed ? undefined : new Promise<void>((resolve) => socket.once('close', () => resolve()).destroy()),
      ),
    );
  return {
    port: address.port,
    async silence() {
      silent = true;
      await cut();
    },
    async open() {
      silent = false;
      await cut();
    },
    async close() {
      await cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
