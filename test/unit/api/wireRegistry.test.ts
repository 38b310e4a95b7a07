import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as v2 from '../../../shared/api/v2';
import { undocumentedShapes } from '../../../shared/api/v2/registry';

// Every key a v2 request schema of the station can put on the wire is either
// documented (named in backticks, or a key of an example body, in v2-docs.md
// sections 1-8; section 9 holds hints, not documentation) or a registered
// guess (registry.ts `fields`).

const docs = fs.readFileSync(path.resolve(__dirname, '../../../../shared/reference/v2-docs.md'), 'utf8');
const documentation = docs.slice(0, docs.indexOf('## 9.'));
/** Field names in backticks, and the keys of the documented example bodies. */
const documented = new Set([...documentation.matchAll(/`([a-z0-9_]+)`|"([a-z0-9_]+)"\s*:/g)].map((m) => (m[1] ?? m[2]) as string));
const registered = new Set(undocumentedShapes.flatMap((a) => a.fields));

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType; options?: readonly z.ZodType[] };
const defOf = (schema: z.ZodType): Def => schema.def as Def;

/** Every object key under `schema`, as a dotted path (array items share their array's path). */
function keysOf(schema: z.ZodType, prefix = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => [`${prefix}${key}`, ...keysOf(child, `${prefix}${key}.`)]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? keysOf(def.innerType, prefix) : [];
    case 'array':
      return def.element ? keysOf(def.element, prefix) : [];
    case 'pipe':
      return def.in ? keysOf(def.in, prefix) : [];
    case 'union':
      return (def.options ?? []).flatMap((o) => keysOf(o, prefix));
    default:
      return [];
  }
}

const requestSchemas = Object.entries(v2).filter(([name, value]) => /(Request|Query)Schema$/.test(name) && typeof value === 'object' && value !== null && '_zod' in value) as Array<[string, z.ZodType]>;

describe('the wire guess registry', () => {
  it('walks every request schema of the client', () => {
    const names = requestSchemas.map(([name]) => name);
    for (const name of ['getRatesRequestSchema', 'quickRateRequestSchema', 'createAndPayRequestSchema', 'directBuyRequestSchema', 'insuranceRateQuerySchema', 'voidLabelRequestSchema', 'addressValidateRequestSchema']) expect(names).toContain(name);
    expect(keysOf(v2.getRatesRequestSchema)).toEqual(expect.arrayContaining(['option_data.custom_text_on_label_1', 'package_data.carrier_package_code', 'custom_data.contents.hs_tariff_number']));
  });

  it('finds no key in a request schema that is neither documented nor registered', () => {
    const unexplained = requestSchemas.flatMap(([name, schema]) =>
      keysOf(schema)
        .filter((key) => !documented.has(key.split('.').pop() as string) && !registered.has(key))
        .map((key) => `${name}: ${key}`),
    );
    expect(unexplained).toEqual([]);
  });

  it('registers only keys a request schema really uses', () => {
    const used = new Set(requestSchemas.flatMap(([, schema]) => keysOf(schema)));
    expect([...registered].filter((key) => !used.has(key))).toEqual([]);
  });

  it('gives every entry a field, a guess, its evidence and what a capture settles', () => {
    expect(new Set(undocumentedShapes.map((a) => a.id)).size).toBe(undocumentedShapes.length);
    for (const entry of undocumentedShapes) {
      expect(entry.endpoint, entry.id).not.toBe('');
      expect(entry.assumed, entry.id).not.toBe('');
      expect(entry.evidence, entry.id).not.toBe('');
      expect(entry.captureReveals, entry.id).not.toBe('');
    }
  });

  it('fails on the shapes the station used to send', () => {
    for (const wrong of ['options', 'additional_handling', 'insured_value']) expect(documented.has(wrong) || registered.has(wrong), wrong).toBe(false);
  });
});
