import { describe, expect, it } from 'vitest';
import { fail, type Handlers } from '../../../shared/contract';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/core/dispatch';

describe('dispatcher log', () => {
  it('names the command in every line (not masked as personal data) and keeps the refusal in words', async () => {
    const log = createMemoryLogger();
    const dispatch = createDispatcher(
      {
        'backend.status': async () => fail('keychain_unavailable', 'No keychain is reachable.'),
        'station.info': async () => {
          throw new Error('boom');
        },
      } as unknown as Handlers,
      log,
    );
    await dispatch('backend.status', {});
    await dispatch('station.info', {});
    expect(log.lines.map((l) => l.fields?.command)).toEqual(['backend.status', 'station.info']);
    expect(log.lines[0]).toMatchObject({ level: 'info', msg: 'command refused', fields: { code: 'keychain_unavailable' } });
    expect(log.lines[1]).toMatchObject({ level: 'error', msg: 'command crashed' });
  });
});
