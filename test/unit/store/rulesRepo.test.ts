import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { createRulesRepo } from '../../../electron/store/rulesRepo';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

function repoOnFile() {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  const file = path.join(temp.dir, 'station.sqlite');
  const db = openDatabase({ file });
  cleanups.unshift(() => db.close());
  return { file, repo: createRulesRepo(db, () => new Date('2026-11-28T12:00:00Z')) };
}

const named = (name: string) => ({ name, conditions: [{ kind: 'country' as const, anyOf: ['CA'] }], actions: [{ field: 'box' as const, value: 'Small box' }] });

describe('rules repo (migration 019)', () => {
  it('keeps rules in the order added, with what they test and set, across a reopen', () => {
    const { file, repo } = repoOnFile();
    const a = repo.add(named('A'));
    repo.add(named('B'));
    expect(a).toEqual({ id: 1, ...named('A') });
    const reopened = openDatabase({ file });
    cleanups.unshift(() => reopened.close());
    expect(createRulesRepo(reopened, () => new Date()).list().map((r) => r.name)).toEqual(['A', 'B']);
  });

  it('moves a rule before another or last, and removes one without renumbering the rest', () => {
    const { repo } = repoOnFile();
    for (const name of ['A', 'B', 'C']) repo.add(named(name));
    expect(repo.move(3, 1)).toBe(true);
    expect(repo.list().map((r) => r.id)).toEqual([3, 1, 2]);
    expect(repo.move(3, null)).toBe(true);
    expect(repo.list().map((r) => r.id)).toEqual([1, 2, 3]);
    expect(repo.move(9, 1)).toBe(false);
    expect(repo.move(1, 9)).toBe(false);
    expect(repo.remove(2)?.name).toBe('B');
    expect(repo.remove(2)).toBeUndefined();
    repo.remove(3);
    repo.add(named('D'));
    // A removed rule's number is never reused, so "rule 3" in a note or a log means one rule.
    expect(repo.list().map((r) => [r.id, r.name])).toEqual([[1, 'A'], [4, 'D']]);
  });
});
