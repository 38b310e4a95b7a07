import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../shared/contract';
import { fail } from '../../../shared/contract/errors';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/station/dispatch';

describe('dispatcher log', () => {
  it('names the command in its log lines, where the redactor leaves it readable', async () => {
    const log = createMemoryLogger();
    const handlers = {
      'credentials.clear': async () => fail('keychain_unavailable', 'No keychain.'),
      'backend.status': async () => {
        throw new Error('disk on fire');
      },
    } as unknown as Handlers;
    const dispatch = createDispatcher(handlers, log);
    await dispatch('credentials.clear', { profile: 'test' });
    await dispatch('backend.status', {});
    expect(log.lines.map((line) => [line.msg, line.fields?.command])).toEqual([
      ['command refused', 'credentials.clear'],
      ['command crashed', 'backend.status'],
    ]);
  });
});
