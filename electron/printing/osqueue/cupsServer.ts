import fs from 'node:fs';

/** Where the CUPS scheduler answers: a TCP host and port, or a local domain socket. */
export type CupsServer =
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number }
  | { readonly kind: 'socket'; readonly path: string };

/** The domain sockets the scheduler listens on out of the box (Debian/Ubuntu/Fedora, older Linux, macOS). */
const DEFAULT_SOCKETS = ['/run/cups/cups.sock', '/var/run/cups/cups.sock', '/private/var/run/cupsd'];
const IPP_PORT = 631;

/**
 * The server CUPS' own clients would use: CUPS_SERVER when set (`host`,
 * `host:port`, `[v6]:port`, `/path/to/socket`, any of them with CUPS'
 * `/version=` suffix), else the local scheduler's socket, else
 * localhost:631. ~/.cups/client.conf is not read: a bench that needs another
 * server sets CUPS_SERVER.
 */
export function resolveCupsServer(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = fs.existsSync): CupsServer {
  const configured = env.CUPS_SERVER?.trim().replace(/\/version=[\d.]+$/, '');
  if (configured) {
    if (configured.startsWith('/')) return { kind: 'socket', path: configured };
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(configured);
    if (v6) return { kind: 'tcp', host: v6[1] ?? '::1', port: v6[2] ? Number(v6[2]) : IPP_PORT };
    const [host, port] = configured.split(':');
    return { kind: 'tcp', host: host || 'localhost', port: port && /^\d+$/.test(port) ? Number(port) : IPP_PORT };
  }
  const socket = DEFAULT_SOCKETS.find((path) => exists(path));
  return socket ? { kind: 'socket', path: socket } : { kind: 'tcp', host: 'localhost', port: IPP_PORT };
}

/** How the server is named to an operator and in the printer-uri CUPS expects. */
export function describeCupsServer(server: CupsServer): string {
  return server.kind === 'socket' ? `the local CUPS scheduler (${server.path})` : `CUPS at ${server.host}:${server.port}`;
}

/** The `ipp://` URI of a resource on the server; over a domain socket CUPS takes localhost as the host. */
export function cupsUri(server: CupsServer, resource: string): string {
  if (server.kind === 'socket') return `ipp://localhost${resource}`;
  const host = server.host.includes(':') ? `[${server.host}]` : server.host;
  return `ipp://${host}:${server.port}${resource}`;
}
