import { afterEach, describe, expect, it } from 'vitest';
import { acquireFolderLock } from '../../../electron/station/folderLock';
import { hostStation } from '../../../electron/station/host';
import { createVault } from '../../../electron/vault/vault';
import { noKeychain } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

describe('a command queued behind another on one data folder', () => {
  it('takes the folder as soon as the holder lets go, even when the holder never announced itself', async () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    // A holder that finishes before anyone reads its endpoint: the lock alone, with no endpoint file.
    const held = acquireFolderLock(temp.dir);
    expect(held).not.toBeNull();
    const waiting = hostStation({ dataDir: temp.dir, vault: createVault({ keychain: noKeychain }), devices: { noUsb: true }, kind: 'cli' });
    // The waiter's first poll has met the lock; the holder then lets go.
    await new Promise<void>((resolve) => setImmediate(resolve));
    held?.release();
    const outcome = await waiting;
    expect('hosted' in outcome).toBe(true);
    if ('hosted' in outcome) {
      expect(await outcome.hosted.station.dispatch('station.info', {})).toMatchObject({ ok: true, value: { dataDir: temp.dir } });
      await outcome.hosted.close();
    }
  });
});
