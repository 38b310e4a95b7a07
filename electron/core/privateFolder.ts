import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fail } from '../../shared/contract/errors';

/** Modes for what the station writes: its user alone reads addresses, labels and logs. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The icacls runs that leave a folder to one Windows user: the folder loses
 * what it inherited and grants only that user (inherited by what is inside),
 * then everything already inside drops its own entries and inherits that.
 */
export function windowsAclCommands(dir: string, user: string): ReadonlyArray<readonly [string, readonly string[]]> {
  return [
    ['icacls', [dir, '/inheritance:r', '/grant:r', `${user}:(OI)(CI)F`, '/Q']],
    ['icacls', [path.win32.join(dir, '*'), '/reset', '/T', '/C', '/Q']],
  ];
}

/** The signed-in Windows user as icacls names it (DOMAIN\user when the domain is known). */
export function windowsUser(env: NodeJS.ProcessEnv = process.env): string {
  const user = env.USERNAME ?? os.userInfo().username;
  return env.USERDOMAIN ? `${env.USERDOMAIN}\\${user}` : user;
}

function refuse(dir: string, target: string, error: unknown): never {
  const reason = (error as NodeJS.ErrnoException).code === 'EPERM' ? 'it belongs to another user' : 'the system refused';
  const which = target === dir ? `The data folder ${dir}` : `${target} in the data folder ${dir}`;
  return fail(
    'conflict',
    `${which} cannot be made readable by you alone (${reason}). The station keeps addresses and labels there, so it does not start; ` +
      'give the folder back to your user (or choose another with --data-dir) and start again.',
  );
}

/** Walks the folder without following links, so a link inside cannot make the station change a file elsewhere. */
function tighten(dir: string, target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777) !== wanted) {
    try {
      fs.chmodSync(target, wanted);
    } catch (error) {
      refuse(dir, target, error);
    }
  }
  if (stat.isDirectory()) for (const name of fs.readdirSync(target)) tighten(dir, path.join(target, name));
}

/**
 * Makes the data folder its user's alone at start: the folder 0700 and
 * everything in it 0600 (0700 for folders) on macOS and Linux, an ACL for
 * the user only on Windows. A folder an earlier version left open (0755,
 * 0644 files) is closed here; one the station cannot close is refused in
 * words rather than used.
 */
export function makeFolderPrivate(dir: string, platform: NodeJS.Platform = process.platform): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') {
    for (const [command, args] of windowsAclCommands(dir, windowsUser())) {
      try {
        execFileSync(command, args, { stdio: 'ignore', windowsHide: true });
      } catch (error) {
        refuse(dir, dir, error);
      }
    }
    return;
  }
  // The folder itself may be a link (a data folder moved to another disk): what it points to is the folder.
  const real = fs.realpathSync(dir);
  tighten(real, real);
}
