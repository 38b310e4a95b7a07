import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UnreadableAnswerFailure } from '../../../electron/api/answer';
import type { RawExchange } from '../../../electron/api/capture';
import { isOutcomeUnknown } from '../../../electron/api/failures';
import { createHttpClient, type HttpRequest } from '../../../electron/api/http';
import type { Safety } from '../../../electron/api/retry';
import { StationFailure } from '../../../shared/contract/errors';

/** What a promise is refused with. */
async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

/**
 * Answers past the cap (electron/api/cappedBody.ts): the station stops
 * reading, says so in words, and keeps a bounded trace. The server streams
 * its answer in chunks and counts what it managed to send, so the test sees
 * the reading stop early rather than trusting a flag.
 */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

interface Streamer {
  readonly url: string;
  /** Bytes of body written before the client went away (or all of them). */
  sent(): number;
}

/** Answers every request with `{"padding":"xxx…"}` of `bytes` in all; with `declare`, the length is in the headers. */
async function streamingServer(bytes: number, declare: boolean): Promise<Streamer> {
  let sent = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const head = '{"padding":"';
      const tail = '"}';
      response.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(bytes) } : {}) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let left = bytes - head.length - tail.length;
      response.write(head);
      sent += head.length;
      const pump = (): void => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          sent += piece.length;
          if (!response.write(piece)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end(tail);
        sent += tail.length;
      };
      response.on('error', () => undefined);
      pump();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent };
}

const MB = 1024 * 1024;
const request = (baseUrl: string, safety: Safety): HttpRequest => ({ method: 'POST', baseUrl, path: '/api/thing', json: {}, safety, action: 'void the label' });

function client(captured: RawExchange[] = []) {
  return createHttpClient({ api: 'v2', timeoutMs: 20_000, maxAnswerBytes: MB, capture: (exchange) => captured.push(exchange), retry: { baseDelayMs: 1, maxDelayMs: 2 } });
}

describe('answers past the size the station reads', () => {
  it('a read is refused in words after the cap, not after the whole answer, and is not asked again', async () => {
    const server = await streamingServer(64 * MB, false);
    const captured: RawExchange[] = [];
    const error = await caught(client(captured).send(request(server.url, 'read'), (response) => response.body));
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).message).toMatch(/larger than the station reads \(over 1 MB\), so nothing in it was used/);
    expect(server.sent()).toBeLessThan(16 * MB);
    expect(captured).toHaveLength(1);
    const kept = captured[0]?.answerBody as { oversize: boolean; read_bytes: number; sha256: string; prefix: string };
    expect(kept.oversize).toBe(true);
    expect(kept.read_bytes).toBeGreaterThan(MB);
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.prefix.length).toBeLessThanOrEqual(64 * 1024);
    expect(kept.prefix.startsWith('{"padding":"xxx')).toBe(true);
  });

  it('a declared length past the cap is refused before reading', async () => {
    const server = await streamingServer(64 * MB, true);
    const error = await caught(client().send(request(server.url, 'read'), (response) => response.body));
    expect((error as StationFailure).message).toMatch(/larger than the station reads/);
    expect(server.sent()).toBeLessThan(16 * MB);
  });

  it('a journaled purchase hears an unreadable answer, with its size in the note, so the engine keeps it as bought', async () => {
    const server = await streamingServer(8 * MB, false);
    const error = await caught(client().send(request(server.url, 'journaled'), () => 'parsed'));
    expect(error).toBeInstanceOf(UnreadableAnswerFailure);
    const unreadable = error as UnreadableAnswerFailure;
    expect(unreadable.body).toBeUndefined();
    expect(unreadable.note).toMatch(/^answer over 1\.0 MB, not read past 1\.0 MB \(sha256 of the first \d+ bytes [0-9a-f]{64}\)$/);
    expect(unreadable.message).toMatch(/larger than the station reads/);
  });

  it('an unsafe write answered past the cap may have happened: the outcome is unknown, never a plain failure', async () => {
    const server = await streamingServer(8 * MB, false);
    const error = await caught(client().send(request(server.url, 'unsafe'), () => 'parsed'));
    expect(error).toBeInstanceOf(StationFailure);
    expect(isOutcomeUnknown((error as StationFailure).error)).toBe(true);
  });

  it('an answer under the cap is read whole, and a large one is captured as a prefix with its hash', async () => {
    const server = await streamingServer(2 * MB, false);
    const captured: RawExchange[] = [];
    const whole = createHttpClient({ api: 'v2', timeoutMs: 20_000, maxAnswerBytes: 4 * MB, capture: (exchange) => captured.push(exchange) });
    const value = await whole.send(request(server.url, 'read'), (response) => response.body as { padding: string });
    expect(value.padding).toHaveLength(2 * MB - '{"padding":""}'.length);
    const kept = captured[0]?.answerBody as { prefix: string; chars: number; sha256: string };
    expect(kept.chars).toBe(2 * MB);
    expect(kept.prefix).toHaveLength(64 * 1024);
  });
});
