import { refuse } from '../errorCodes';
import type { Handler, SandboxRequest } from './types';

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

interface Route {
  readonly method: string;
  readonly segments: readonly string[];
  readonly handler: Handler;
}

/** Exact paths with optional `:param` segments; a few dozen routes, so a linear scan is plenty. */
export class Router {
  private readonly exact = new Map<string, Map<string, Handler>>();
  private readonly patterns: Route[] = [];

  add(method: string, path: string, handler: Handler): this {
    if (path.includes('/:')) {
      this.patterns.push({ method, segments: path.split('/'), handler });
    } else {
      const byMethod = this.exact.get(path) ?? new Map<string, Handler>();
      byMethod.set(method, handler);
      this.exact.set(path, byMethod);
    }
    return this;
  }

  get(path: string, handler: Handler): this {
    return this.add('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('POST', path, handler);
  }

  delete(path: string, handler: Handler): this {
    return this.add('DELETE', path, handler);
  }

  /** The handler for a request with its path params, or a 404/405 refusal. */
  resolve(method: string, path: string): { handler: Handler; params: Record<string, string> } {
    const byMethod = this.exact.get(path);
    if (byMethod) {
      const handler = byMethod.get(method);
      if (!handler) refuse('method_not_allowed', `${path} does not accept ${method}.`);
      return { handler, params: {} };
    }
    const parts = path.split('/');
    let methodMismatch = false;
    for (const route of this.patterns) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = route.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if (segment.startsWith(':')) {
          const decoded = safeDecode(part);
          if (decoded === undefined) return false;
          params[segment.slice(1)] = decoded;
          return part.length > 0;
        }
        return segment === part;
      });
      if (!matches) continue;
      if (route.method !== method) {
        methodMismatch = true;
        continue;
      }
      return { handler: route.handler, params };
    }
    if (methodMismatch) refuse('method_not_allowed', `${path} does not accept ${method}.`);
    return refuse('route_not_found', `No endpoint ${method} ${path}.`);
  }
}

export type { SandboxRequest };
