import type { Reply } from '../http/types';

/** The v2 success envelope. */
export function ok(data: unknown): Reply {
  return { json: { code: 'ok', msg: 'ok', data } };
}
