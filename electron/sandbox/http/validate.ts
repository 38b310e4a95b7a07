import type { z } from 'zod';
import { refuse, type SandboxErrorCode } from '../errorCodes';
import type { SandboxRequest } from './types';

/** Maps the dotted path of the first failing field to a specific code; undefined means the generic one. */
export type IssueCoder = (path: string, issueCode: string) => SandboxErrorCode | undefined;

/** Parses with a zod schema; the first issue becomes a SandboxError naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, coder?: IssueCoder): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  const code = (issue && coder?.(path, issue.code)) ?? 'invalid_parameter';
  const detail = issue ? issue.message : 'invalid';
  return refuse(code, path ? `${path}: ${detail}` : detail);
}

/** The JSON body, or an invalid_request refusal. */
export function jsonBody(req: SandboxRequest): unknown {
  if (req.body.length === 0) refuse('invalid_request', 'A JSON request body is required.');
  try {
    return JSON.parse(req.body.toString('utf8')) as unknown;
  } catch {
    return refuse('invalid_request', 'The request body is not valid JSON.');
  }
}

/** Query parameters as a plain object; numeric and boolean fields converted where named. */
export function queryObject(
  query: URLSearchParams,
  kinds: Readonly<Record<string, 'number' | 'boolean'>> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of query) {
    if (key === 'api_token') continue;
    const kind = kinds[key];
    if (kind === 'number') out[key] = raw.trim() === '' || !Number.isFinite(Number(raw)) ? raw : Number(raw);
    else if (kind === 'boolean') out[key] = raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : raw;
    else out[key] = raw;
  }
  return out;
}
