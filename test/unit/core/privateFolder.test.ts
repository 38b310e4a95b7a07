import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFolderPrivate, windowsAclCommands, windowsUser } from '../../../electron/core/privateFolder';
import { makeTempDir } from '../../support/tempDir';

const mode = (file: string): string => (fs.lstatSync(file).mode & 0o777).toString(8);
const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

describe('the data folder made private at start', () => {
  it('closes a folder an earlier version left open: 0755 folders become 0700, 0644 files 0600, at any depth', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const dir = path.join(temp.dir, 'data');
    fs.mkdirSync(path.join(dir, 'logs', 'old'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    for (const file of ['station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm', 'logs/station.log', 'logs/old/station.log.1']) {
      fs.writeFileSync(path.join(dir, file), 'x', { mode: 0o644 });
    }
    makeFolderPrivate(dir, 'linux');
    expect(mode(dir)).toBe('700');
    expect(mode(path.join(dir, 'logs'))).toBe('700');
    expect(mode(path.join(dir, 'logs', 'old'))).toBe('700');
    for (const file of ['station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm', 'logs/station.log', 'logs/old/station.log.1']) {
      expect(mode(path.join(dir, file)), file).toBe('600');
    }
  });

  it('makes a new folder 0700 and leaves alone a file a link inside points to elsewhere', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const outside = path.join(temp.dir, 'shared.txt');
    fs.writeFileSync(outside, 'x', { mode: 0o644 });
    const dir = path.join(temp.dir, 'new', 'data');
    makeFolderPrivate(dir, 'linux');
    expect(mode(dir)).toBe('700');
    fs.symlinkSync(outside, path.join(dir, 'link'));
    makeFolderPrivate(dir, 'linux');
    expect(mode(outside)).toBe('644');
  });

  it('closes the folder a data folder link points to (a folder moved to another disk)', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const moved = path.join(temp.dir, 'other-disk');
    fs.mkdirSync(moved, { mode: 0o755 });
    fs.chmodSync(moved, 0o755);
    fs.writeFileSync(path.join(moved, 'station.sqlite'), 'x', { mode: 0o644 });
    const link = path.join(temp.dir, 'data');
    fs.symlinkSync(moved, link);
    makeFolderPrivate(link, 'linux');
    expect(mode(moved)).toBe('700');
    expect(mode(path.join(moved, 'station.sqlite'))).toBe('600');
  });
});

describe('the Windows ACL (built for win32, run only there)', () => {
  it('drops inherited entries and grants the user alone, inherited by what is inside, then resets what is inside to inherit it', () => {
    const commands = windowsAclCommands('C:\\Users\\ann\\AppData\\Roaming\\Parcel Station', 'DESK\\ann');
    expect(commands).toEqual([
      ['icacls', ['C:\\Users\\ann\\AppData\\Roaming\\Parcel Station', '/inheritance:r', '/grant:r', 'DESK\\ann:(OI)(CI)F', '/Q']],
      ['icacls', ['C:\\Users\\ann\\AppData\\Roaming\\Parcel Station\\*', '/reset', '/T', '/C', '/Q']],
    ]);
  });

  it('names the user as DOMAIN\\user when the domain is known, else the user alone', () => {
    expect(windowsUser({ USERNAME: 'ann', USERDOMAIN: 'DESK' })).toBe('DESK\\ann');
    expect(windowsUser({ USERNAME: 'ann' })).toBe('ann');
  });
});
