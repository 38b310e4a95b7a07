import type { z } from 'zod';
import type { SandboxContext } from '../context';
import type { SandboxRequest } from '../http/types';
import { parseWith, type IssueCoder } from '../http/validate';
import { undocumentedKeys } from './undocumented';

/** A request schema in its two forms (schemas/v2/fields.ts): what the docs name, and what the sandbox accepts. */
export interface Forms<S extends z.ZodType> {
  readonly documented: z.ZodType;
  readonly accepted: S;
}

/** A v1 schema is generated from the OpenAPI: documented and accepted are one. */
export const v1Forms = <S extends z.ZodType>(schema: S): Forms<S> => ({ documented: schema, accepted: schema });

export const endpointOf = (req: SandboxRequest) => `${req.method} ${req.path}`;

/** Logs every key the docs do not name (refused or not, the client sent it), then parses with the accepted form. */
export function parseRequest<S extends z.ZodType>(ctx: SandboxContext, req: SandboxRequest, forms: Forms<S>, value: unknown, coder?: IssueCoder): z.output<S> {
  const endpoint = endpointOf(req);
  for (const field of undocumentedKeys(forms.documented, value)) ctx.undocumented.note(endpoint, field, 'key');
  return parseWith(forms.accepted, value, coder);
}

/** Logs a documented key that holds a value the docs do not show. */
export function noteValue(ctx: SandboxContext, req: SandboxRequest, field: string, value: string): void {
  ctx.undocumented.note(endpointOf(req), field, 'value', value);
}
