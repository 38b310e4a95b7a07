import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandNames, commands, errorCodes, type Handlers } from '../../../shared/contract';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createDispatcher } from '../../../electron/core/dispatch';

/**
 * The process boundary under fire: thousands of malformed payloads per
 * command. Every one must come back as a typed error (or, when a random value
 * happens to be valid, reach the handler already parsed); nothing may throw.
 */
const reached: Array<{ name: string; args: unknown }> = [];
const handlers = Object.fromEntries(
  commandNames.map((name) => [name, async (args: unknown) => void reached.push({ name, args })]),
) as unknown as Handlers;
const dispatch = createDispatcher(handlers, createMemoryLogger());

const hostile = fc.oneof(
  fc.anything({ withBigInt: false, withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true, withDate: true, withNullPrototype: true }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'profile', 'kind', 'input', 'tracking_no', 'weight', 'id'), fc.anything()),
  fc.string({ maxLength: 2000 }),
  fc.constant(undefined),
);

describe('contract boundary', () => {
  it('knows every command it registers', () => {
    expect(commandNames.length).toBeGreaterThan(0);
    for (const name of commandNames) expect(commands[name].summary.length).toBeGreaterThan(3);
  });

  it.each(commandNames)('%s refuses malformed input with a typed error and never throws', async (name) => {
    await fc.assert(
      fc.asyncProperty(hostile, async (payload) => {
        reached.length = 0;
        const result = await dispatch(name, payload);
        if (result.ok) {
          expect(reached).toHaveLength(1);
          expect(commands[name].input.safeParse(reached[0]?.args).success).toBe(true);
        } else {
          expect(errorCodes).toContain(result.error.code);
          expect(result.error.code).toBe('invalid_input');
          expect(typeof result.error.message).toBe('string');
          expect(result.error.message.length).toBeGreaterThan(0);
          expect(reached).toHaveLength(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses unknown and hostile command names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (name) => {
        fc.pre(!commandNames.includes(name as never));
        const result = await dispatch(name, {});
        expect(result).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
      }),
      { numRuns: 2000 },
    );
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    }
  });

  it('turns a handler crash into an internal error without its details', async () => {
    const crashing = createDispatcher(
      Object.fromEntries(commandNames.map((n) => [n, async () => Promise.reject(new Error('SQLITE_BUSY at /secret/path'))])) as unknown as Handlers,
      createMemoryLogger(),
    );
    const result = await crashing('backend.status', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('/secret/path');
  });
});
