import { spawn } from 'node:child_process';
import { ENDPOINT_KEY_HEADER } from '../station/endpoint';
import { PAGE_CODE_PATH } from '../browser/host';

/**
 * Variables the browser must not inherit: the station's own (service keys,
 * the warehouse address with its password) and PostgreSQL's, which the
 * warehouse client would read. Every process the browser starts would hold
 * them, readable in its /proc environ by tools running as this user.
 */
const SECRET_VARIABLE = /^(PARCEL_STATION_|PG)/i;

/** The environment handed to the browser: this one without the station's secrets. */
export function browserEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SECRET_VARIABLE.test(name)));
}

/** The OS's "open this address" command; the address carries only a one-time code, since its command line is public. */
export function openerCommand(url: string, platform: NodeJS.Platform): readonly [string, readonly string[]] {
  if (platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  if (platform === 'darwin') return ['open', [url]];
  return ['xdg-open', [url]];
}

export function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): void {
  const [command, args] = openerCommand(url, platform);
  const child = spawn(command, args, { stdio: 'ignore', detached: true, env: browserEnvironment(env) });
  // No desktop browser (a kiosk, a server) is fine: the URL was printed.
  child.on('error', () => undefined);
  child.unref();
}

/** A fresh one-time page address from the browser-mode station already on the folder, asked with its endpoint key. */
export async function askPageUrl(browserOrigin: string, key: string): Promise<string | null> {
  try {
    const answer = await fetch(`${browserOrigin}${PAGE_CODE_PATH}`, { method: 'POST', headers: { [ENDPOINT_KEY_HEADER]: key } });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { url?: unknown };
    return typeof body.url === 'string' ? body.url : null;
  } catch {
    return null;
  }
}
