/**
 * Secrets out of anything the station keeps or writes for support (a kept
 * purchase answer, a wire capture): the AppKey/AppSecret, access and refresh
 * tokens, the v1 api_token and Authorization, wherever they sit: a JSON
 * field, a header, a query string or a form body.
 */

export const REDACTED = '[redacted]';

/** Field, header and query names whose value is a secret (compared without case, "-" and "_"). */
const SECRET_NAMES = new Set(['appkey', 'appsecret', 'apikey', 'apitoken', 'accesstoken', 'refreshtoken', 'idtoken', 'token', 'authorization', 'proxyauthorization', 'clientsecret', 'clientid', 'secret', 'password', 'bearer']);

const squash = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, '');

export const isSecretName = (name: string): boolean => SECRET_NAMES.has(squash(name));

/** A secret-named parameter in a URL or form text (api_token=..., access_token=...). */
const SECRET_PARAM = /((?:^|[?&#;\s"'])(?:app[_-]?key|app[_-]?secret|api[_-]?key|api[_-]?token|access[_-]?token|refresh[_-]?token|id[_-]?token|token|client[_-]?secret|client[_-]?id|password)=)[^&#;\s"']*/gi;
/** A credential scheme in free text ("Bearer eyJ...", "Basic dXNl..."). */
const CREDENTIAL = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;

/** A string with secret-named parameters and credentials blanked, and any of the known secret values. */
export function redactText(text: string, known: readonly string[] = []): string {
  let out = text.replace(SECRET_PARAM, `$1${REDACTED}`).replace(CREDENTIAL, `$1 ${REDACTED}`);
  for (const secret of known) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * A deep copy of a JSON value with every secret-named field blanked and every
 * string cleaned as redactText does. Cycles and non-JSON values cannot
 * occur in a parsed answer, so they are not handled.
 */
export function redactJson(value: unknown, known: readonly string[] = []): unknown {
  if (typeof value === 'string') return redactText(value, known);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, known));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = isSecretName(key) && item !== null && item !== undefined ? REDACTED : redactJson(item, known);
    return out;
  }
  return value;
}

/** Headers with secret-named ones blanked (Authorization, X-Api-Token, ...). */
export function redactHeaders(headers: Readonly<Record<string, string>>, known: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = isSecretName(name) || /token|secret|auth/i.test(name) ? REDACTED : redactText(value, known);
  return out;
}
