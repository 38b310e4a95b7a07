import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the door saw it, before passing it on. */
export interface SeenAtDoor {
  readonly url: string;
  readonly body: Buffer;
}

/**
 * The service on 127.0.0.1 behind a door that shows `onRequest` each request
 * the moment it arrives (a test kills the station or counts purchases there),
 * then passes it on and hands back the service's answer unchanged.
 */
export async function serviceDoor(target: string, onRequest: (request: SeenAtDoor) => void): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      onRequest({ url: request.url ?? '/', body });
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([key]) => key !== 'host' && key !== 'content-length')) as Record<string, string>;
      fetch(new URL(request.url ?? '/', target), { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
