import type { z } from 'zod';

/** One undocumented thing a client sent: a key the docs do not name, or a value they do not show. */
export interface UndocumentedUse {
  /** `POST /api/shipment/get_rates` */
  readonly endpoint: string;
  /** Dotted path; `[]` stands for any item of a list (`[].option_data.foo`, `package_data.type`). */
  readonly field: string;
  /** A key absent from the docs, or a documented key holding a value they do not show. */
  readonly kind: 'key' | 'value';
  /** For `value`: the value seen (first one). */
  readonly example?: string;
  /** How many requests carried it. */
  count: number;
}

/**
 * The sandbox's record of what clients sent beyond the docs. The sandbox
 * accepts such keys (where the docs are silent it does not refuse) but a test,
 * or an operator reading GET /sandbox/undocumented, can see them.
 */
export class UndocumentedLog {
  /** A client inventing keys without end must not grow the sandbox without end; the first ones tell the story. */
  static readonly MAX_ENTRIES = 1000;
  private readonly seen = new Map<string, UndocumentedUse>();

  note(endpoint: string, field: string, kind: UndocumentedUse['kind'], example?: string): void {
    const id = `${endpoint}|${field}|${kind}`;
    const known = this.seen.get(id);
    if (known) known.count += 1;
    else if (this.seen.size < UndocumentedLog.MAX_ENTRIES) this.seen.set(id, { endpoint, field, kind, ...(example !== undefined ? { example } : {}), count: 1 });
  }

  list(): UndocumentedUse[] {
    return [...this.seen.values()].map((use) => ({ ...use }));
  }

  clear(): void {
    this.seen.clear();
  }
}

interface Def {
  readonly type: string;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly element?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly options?: readonly z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => schema.def as Def;
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const join = (at: string, key: string) => (at === '' ? key : `${at}.${key}`);

/** The keys of `value` that `schema` (a documented form) does not name, as dotted paths; unnamed keys are not descended into. */
export function undocumentedKeys(schema: z.ZodType, value: unknown, at = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? undocumentedKeys(def.innerType, value, at) : [];
    case 'pipe':
      return def.in ? undocumentedKeys(def.in, value, at) : [];
    case 'union': {
      const fitting = def.options?.find((option) => option.safeParse(value).success);
      return fitting ? undocumentedKeys(fitting, value, at) : [];
    }
    case 'array':
      if (!Array.isArray(value) || !def.element) return [];
      return [...new Set(value.flatMap((item) => undocumentedKeys(def.element as z.ZodType, item, `${at}[]`)))];
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape ?? {};
      return Object.entries(value).flatMap(([key, inner]) => {
        // Own keys only: a client may send "constructor" or "__proto__".
        const known = Object.hasOwn(shape, key) ? shape[key] : undefined;
        return known ? undocumentedKeys(known, inner, join(at, key)) : [join(at, key)];
      });
    }
    default:
      return [];
  }
}
