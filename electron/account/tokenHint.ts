/**
 * A carrier-account token shortened for display: enough to tell two accounts
 * apart, never enough to matter. Only the last four characters show, and only
 * when they are at most a third of the token; a short token shows nothing.
 */
export function tokenHint(token: string): string {
  const trimmed = token.trim();
  return trimmed.length >= 12 ? `…${trimmed.slice(-4)}` : '••••';
}
