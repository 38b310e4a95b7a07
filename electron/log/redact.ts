/**
 * The one redactor: secrets out of anything the station writes or keeps
 * (the log, a wire capture, the audit log, a salvaged purchase answer). One
 * list of secret names drives every check, so a name added here is masked by
 * all of them at once; two lists had already drifted apart before.
 */

export const REDACTED = '[redacted]';
export const PERSONAL = '[personal]';

/** Field, header and query names whose value is a secret, compared without case, "-", "_" or spaces. */
export const SECRET_NAMES = [
  'app_key',
  'app_secret',
  'api_key',
  'api_token',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'authorization',
  'proxy_authorization',
  'client_secret',
  'client_id',
  'secret',
  'password',
  'bearer',
] as const;

/** Names whose value is about a person (an address, a phone): masked in the log, kept where support needs the shape. */
const PERSONAL_NAMES = [
  'first_name',
  'last_name',
  'name',
  'company_name',
  'phone',
  'email',
  'street',
  'street2',
  'recipient_name',
  'to_name',
  'from_name',
  'client_name',
  'client_street',
  'client_street2',
  'client_phone',
  'client_email',
] as const;

const squash = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, '');
const SECRET_SET = new Set<string>(SECRET_NAMES.map(squash));
const PERSONAL_SET = new Set<string>(PERSONAL_NAMES.map(squash));

export const isSecretName = (name: string): boolean => SECRET_SET.has(squash(name));

/** A secret-named parameter in a URL, a form body or free text (api_token=..., refresh-token=...), spelt from the list. */
const SECRET_PARAM = new RegExp(`((?:^|[?&#;\\s"'])(?:${SECRET_NAMES.map((n) => n.replace(/_/g, '[_-]?')).join('|')})=)[^&#;\\s"']*`, 'gi');

const TEXT_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [SECRET_PARAM, `$1${REDACTED}`],
  // A credential scheme in free text ("Bearer eyJ...", "Basic dXNl...").
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g, `$1 ${REDACTED}`],
  // A JWT wherever it stands (an access token pasted into an error message).
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, REDACTED],
  // The service's AppKey format, kept recognisable as test or live.
  [/\bSS_(TEST|LIVE)_[A-Za-z0-9]+/g, `SS_$1_${REDACTED}`],
];

/** Text with secret-named parameters, credentials and tokens blanked, and any of the `known` secret values. */
export function redactText(text: string, known: readonly string[] = []): string {
  let out = TEXT_PATTERNS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
  for (const secret of known) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

export interface RedactOptions {
  /** Secret values to blank wherever they appear (the keys), besides the secret-named fields. */
  readonly known?: readonly string[];
  /** Also mask the personal fields (the log does; a wire capture keeps them, support needs the address's shape). */
  readonly personal?: boolean;
}

function redactValue(value: unknown, options: RedactOptions, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value, options.known);
  if (value === null || typeof value !== 'object') return value;
  // A logged object may loop back on itself; a parsed answer never does.
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, options, seen));
  if (value instanceof Error) return { name: value.name, message: redactText(value.message, options.known) };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const empty = inner === undefined || inner === null || inner === '';
    if (isSecretName(key)) out[key] = empty ? inner : REDACTED;
    else if (options.personal && PERSONAL_SET.has(squash(key))) out[key] = empty ? inner : PERSONAL;
    else out[key] = redactValue(inner, options, seen);
  }
  return out;
}

/** A deep copy of a value with every secret-named field blanked and every string cleaned as redactText does. */
export function redactJson(value: unknown, options: RedactOptions = {}): unknown {
  return redactValue(value, options, new WeakSet());
}

/** Headers with secret-named ones blanked, and any whose name speaks of a token, a secret or auth (X-Api-Token, ...). */
export function redactHeaders(headers: Readonly<Record<string, string>>, known: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = isSecretName(name) || /token|secret|auth/i.test(name) ? REDACTED : redactText(value, known);
  return out;
}
