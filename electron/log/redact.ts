/**
 * Masks what must never reach a log: credentials, tokens and the personal
 * parts of an address. Keys are matched by name, and bearer/basic headers or
 * api_token query strings are masked inside free text too.
 */
const SECRET_KEYS = /^(app_?key|app_?secret|api_?token|access_?token|token|authorization|password|secret|client_secret|appKey|appSecret|apiToken|accessToken)$/i;
const PERSONAL_KEYS = /^(first_name|last_name|name|company_name|phone|email|street|street2|recipient_name|to_name|from_name|client_name|client_street|client_street2|client_phone|client_email)$/i;

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 [redacted]'],
  [/(api_token=)[^&\s"]+/gi, '$1[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, '[redacted-jwt]'],
  [/\bSS_(TEST|LIVE)_[A-Za-z0-9]+/g, 'SS_$1_[redacted]'],
];

export function redactText(text: string): string {
  return TEXT_PATTERNS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEYS.test(key)) out[key] = '[redacted]';
    else if (PERSONAL_KEYS.test(key)) out[key] = inner === undefined || inner === null || inner === '' ? inner : '[personal]';
    else out[key] = redact(inner, depth + 1);
  }
  return out;
}
