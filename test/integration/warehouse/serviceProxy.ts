import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServiceProxy {
  readonly url: string;
  /** Purchase answers the service gave that never reached the bench. */
  readonly dropped: () => number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Share of purchase answers (0..1) cut off after the sale, drawn from a seeded sequence. */
  readonly dropShare?: number;
  readonly seed?: number;
  /** Called with the platform_uk_id the moment a purchase request arrives, before it is passed on. */
  readonly onPurchase?: (platformUkId: string) => void;
}

/** mulberry32: the same draws on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isPurchase = (url: string | undefined) => /\/api\/shipment\/(create_and_pay|direct_buy)\b/.test(url ?? '');

/**
 * The shipping service behind a door on 127.0.0.1: every request is passed
 * on, and a share of the purchase answers is dropped after the service sold
 * the label (the socket is cut, as a lost network answer would be), so the
 * bench must re-send the same platform_uk_id to learn what it bought.
 */
export async function startServiceProxy(target: string, options: ProxyOptions = {}): Promise<ServiceProxy> {
  const draw = seeded(options.seed ?? 1);
  let dropped = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const purchase = isPurchase(request.url);
      if (purchase) {
        const id = /"platform_uk_id"\s*:\s*"([^"]+)"/.exec(body.toString())?.[1];
        if (id) options.onPurchase?.(id);
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([key]) => key !== 'host' && key !== 'content-length' && key !== 'connection')) as Record<string, string>;
      fetch(new URL(request.url ?? '/', target), { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) })
        .then(async (answer) => {
          const bytes = Buffer.from(await answer.arrayBuffer());
          if (purchase && answer.ok && draw() < (options.dropShare ?? 0)) {
            dropped += 1;
            response.socket?.destroy();
            return;
          }
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(bytes);
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropped: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
