import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { PRACTICE_ORDER_LIST_PATH } from '../../../electron/api/v1/client';
import { V1_ENDPOINT_GROUP } from '../../../electron/api/v1/groups';

// Every legacy v1 call the client can make goes to a path of the public v1
// OpenAPI, with that path's method; the only other path is the practice
// service's training extension, which the client sends only to the practice
// service (test/integration/api/v1.test.ts shows it refusing elsewhere).

const root = path.resolve(__dirname, '../../..');
const openApi = YAML.parse(fs.readFileSync(path.join(root, '../shared/reference/legacy-v1-openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const client = fs.readFileSync(path.join(root, 'electron/api/v1/client.ts'), 'utf8');

/** "METHOD path" of every call in the client's source; a path built from a carrier name has the name as [^/]+. */
function calls(): Array<{ method: string; path: RegExp; text: string }> {
  const out: Array<{ method: string; path: RegExp; text: string }> = [];
  for (const m of client.matchAll(/method: '([A-Z]+)', path: '([^']+)'/g)) out.push({ method: m[1] as string, path: new RegExp(`^${(m[2] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), text: m[2] as string });
  for (const m of client.matchAll(/const path = `([^`]+)`;\s*return call\(\{ method: '([A-Z]+)', path,/g)) {
    const template = m[1] as string;
    out.push({ method: m[2] as string, path: new RegExp(`^${template.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`), text: template });
  }
  return out;
}

describe('v1 paths the client calls', () => {
  it('are all in the public OpenAPI, with their methods', () => {
    const found = calls();
    expect(found.length).toBeGreaterThanOrEqual(13);
    const missing = found.filter((c) => !Object.entries(openApi.paths).some(([p, ops]) => c.path.test(p) && c.method.toLowerCase() in ops)).map((c) => `${c.method} ${c.text}`);
    expect(missing).toEqual([]);
  });

  it('leave the practice extension as the one path outside it, named as such', () => {
    expect(Object.keys(openApi.paths)).not.toContain(PRACTICE_ORDER_LIST_PATH);
    expect(client).toContain('path: PRACTICE_ORDER_LIST_PATH');
    expect(client).toMatch(/if \(!options\.practice\) fail\('not_configured', NO_ORDER_LIST\);\s*const q = validateRequest\(wire\.v1OrderListQuerySchema/);
  });

  it('give every rate-limit group path a path of the OpenAPI', () => {
    expect(Object.keys(V1_ENDPOINT_GROUP).filter((p) => !(p in openApi.paths))).toEqual([]);
  });
});
