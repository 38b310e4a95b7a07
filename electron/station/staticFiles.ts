import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/** Same policy Electron sends as a header: scripts and connections only from this origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "connect-src 'self' ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Maps a URL path to a file of the built renderer, or null when the path
 * leaves the folder, names a type we do not serve, or does not exist.
 */
export function resolveRendererFile(root: string, pathname: string): { file: string; type: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return null;
  }
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(decoded)}`);
  const type = TYPES[path.extname(file)];
  if (!file.startsWith(base + path.sep) || !type || !fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return { file, type };
}

/** True when the path, decoded and normalised, names the page itself (the one file that must carry the key). */
export function isPagePath(root: string, pathname: string): boolean {
  const found = resolveRendererFile(root, pathname);
  return found !== null && found.file === path.resolve(root, 'index.html');
}

/** Serves the built renderer: GET/HEAD only, files inside `root` only, nothing else. */
export function serveStatic(
  root: string,
  pathname: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const found = resolveRendererFile(root, pathname);
  if (!found) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.');
    return;
  }
  response.writeHead(200, {
    'content-type': found.type,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': found.file.endsWith('index.html') ? 'no-store' : 'max-age=31536000, immutable',
    ...extraHeaders,
  });
  if (request.method === 'HEAD') response.end();
  else {
    // A file removed since it was found (a rebuild under a running host) must end this response, not the host:
    // pipe() does not forward read errors, and an unheard stream error is thrown.
    fs.createReadStream(found.file)
      .on('error', () => response.destroy())
      .pipe(response);
  }
}
