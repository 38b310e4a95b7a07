import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import YAML from 'yaml';

/**
 * The legacy v1 OpenAPI (../shared/reference/legacy-v1-openapi.yaml) as
 * JSON-schema validators, one per operation: the request body, and the query
 * parameters as one object (text read as the parameter's type). OpenAPI 3.0's `nullable` is Ajv's own keyword;
 * `$ref`s into components resolve against the document; `example` and the
 * formats OpenAPI adds (float, int32) are annotations only.
 */

const SPEC = path.resolve(__dirname, '../../../shared/reference/legacy-v1-openapi.yaml');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

export interface OperationCheck {
  readonly endpoint: string;
  readonly body?: ValidateFunction;
  readonly query?: ValidateFunction;
}

export interface OpenApiChecks {
  /** Validators for "METHOD /path", or undefined when the document has no such operation. */
  operation(endpoint: string): OperationCheck | undefined;
  /** The same with every documented object closed (additionalProperties: false): names fields the document does not. */
  closedOperation(endpoint: string): OperationCheck | undefined;
}

/** Points `#/components/...` at the document registered under `id`. */
function rebase(value: Json, id: string, closed: boolean): Json {
  if (Array.isArray(value)) return value.map((v) => rebase(v, id, closed));
  if (value === null || typeof value !== 'object') return value;
  const out: Schema = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : key === 'properties' ? rebaseProps(v, id, closed) : rebase(v, id, closed);
  }
  if (closed && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function rebaseProps(props: Json, id: string, closed: boolean): Json {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) return props;
  return Object.fromEntries(Object.entries(props).map(([name, schema]) => [name, rebase(schema, id, closed)]));
}

function build(closed: boolean): Map<string, OperationCheck> {
  const doc = YAML.parse(fs.readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, Schema>>; components: Json };
  const id = 'legacy-v1-openapi';
  const components = { $id: id, components: rebase(doc.components, id, closed) };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false }).addSchema(components);
  // A query string is text: read it as the parameter's type, as the service would.
  const ajvQuery = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true }).addSchema(components);
  const checks = new Map<string, OperationCheck>();
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const endpoint = `${method.toUpperCase()} ${route}`;
      const bodySchema = ((op.requestBody as Schema | undefined)?.content as Schema | undefined)?.['application/json'] as Schema | undefined;
      const params = (op.parameters as Schema[] | undefined)?.filter((p) => p.in === 'query') ?? [];
      const query: Schema = {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name as string, rebase(p.schema as Json, id, closed)])),
        required: params.filter((p) => p.required === true).map((p) => p.name as string),
        ...(closed ? { additionalProperties: false } : {}),
      };
      checks.set(endpoint, {
        endpoint,
        ...(bodySchema?.schema ? { body: ajv.compile(rebase(bodySchema.schema, id, closed) as Schema) } : {}),
        query: ajvQuery.compile(query),
      });
    }
  }
  return checks;
}

export function loadOpenApiChecks(): OpenApiChecks {
  const open = build(false);
  const closed = build(true);
  return { operation: (endpoint) => open.get(endpoint), closedOperation: (endpoint) => closed.get(endpoint) };
}

/** Ajv's errors as one line each: "/from/zip must be string". */
export function describeErrors(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}`);
}
