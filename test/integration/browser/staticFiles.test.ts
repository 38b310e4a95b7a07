import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStatic } from '../../../electron/station/staticFiles';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('static files', () => {
  it('a file removed between finding and reading it ends that response, not the host', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const file = path.join(temp.dir, 'app.js');
    fs.writeFileSync(file, 'console.log(1)');
    const server = http.createServer((request, response) => {
      serveStatic(temp.dir, '/app.js', request, response);
      // What a rebuild under a running host does.
      fs.unlinkSync(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;

    const outcome = await new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/app.js' }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve('ended'));
          res.on('error', () => resolve('cut off'));
          res.on('aborted', () => resolve('cut off'));
        })
        .on('error', () => resolve('cut off'));
    });
    expect(outcome).toBe('cut off');
    expect(server.listening).toBe(true);
  });
});
