import type { SandboxContext } from './context';
import { refuse } from './errorCodes';
import type { Reply, SandboxRequest } from './http/types';

/** Public files (label PNGs, SCAN form PDFs): unguessable ids, no token, as the live service's CDN links. */
export function serveFile(ctx: SandboxContext, req: SandboxRequest): Reply {
  const id = req.params.id ?? '';
  if (req.path.startsWith('/labels/')) {
    const png = id.endsWith('.png') ? ctx.labels.png(id.slice(0, -4)) : undefined;
    if (!png) refuse('route_not_found', 'No such label.');
    return { body: png, contentType: 'image/png', headers: { 'cache-control': 'public, max-age=31536000, immutable' } };
  }
  const pdf = id.endsWith('.pdf') ? ctx.scanForms.pdf(id.slice(0, -4)) : undefined;
  if (!pdf) refuse('route_not_found', 'No such SCAN form, or it is not ready yet.');
  return { body: pdf, contentType: 'application/pdf' };
}
