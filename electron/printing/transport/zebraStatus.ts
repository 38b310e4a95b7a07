/**
 * Reads a Zebra printer's answer to `~HS` (host status, ZPL II Programming
 * Guide): three strings, each framed <STX> ... <ETX><CR><LF>.
 *   String 1 `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l`
 *   String 2 `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www`
 *   String 3 `xxxx,y`
 * Only strings 1 and 2 say anything about printing, so an answer cut off
 * after them is still read; string 3 only tells that the answer is whole.
 */

const STX = 0x02;
const ETX = 0x03;

export interface ZebraHostStatus {
  readonly paperOut: boolean;
  readonly paused: boolean;
  readonly labelLengthDots: number;
  readonly formatsInBuffer: number;
  readonly bufferFull: boolean;
  readonly partialFormat: boolean;
  readonly corruptRam: boolean;
  readonly underTemperature: boolean;
  readonly overTemperature: boolean;
  readonly headUp: boolean;
  readonly ribbonOut: boolean;
  /** A printed label waits to be taken (peel-off mode). */
  readonly labelWaiting: boolean;
  readonly labelsRemaining: number;
}

export type HostStatusRead =
  /** Strings 1 and 2 were read; `whole` once string 3 came too. */
  | { readonly kind: 'status'; readonly status: ZebraHostStatus; readonly whole: boolean }
  /** Not enough framed strings yet. */
  | { readonly kind: 'incomplete' }
  /** A framed string that is not what `~HS` answers: the device speaks something else. */
  | { readonly kind: 'unreadable'; readonly reason: string };

/** The framed strings in the bytes so far; bytes outside a frame (noise, an echo) are skipped. */
function frames(bytes: Uint8Array): string[] {
  const found: string[] = [];
  let at = bytes.indexOf(STX);
  while (at >= 0) {
    const end = bytes.indexOf(ETX, at + 1);
    if (end < 0) break;
    // A second STX before the ETX means the first frame was cut off; the later one is the real start.
    const restart = bytes.lastIndexOf(STX, end);
    found.push(Buffer.from(bytes.buffer, bytes.byteOffset + restart + 1, end - restart - 1).toString('latin1'));
    at = bytes.indexOf(STX, end + 1);
  }
  return found;
}

/** Comma-separated decimal fields, at least `count` of them (later firmware may add more). */
function fields(text: string, count: number): number[] | null {
  const parts = text.trim().split(',');
  if (parts.length < count || !parts.slice(0, count).every((p) => /^\d{1,8}$/.test(p))) return null;
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
}

export function readHostStatus(bytes: Uint8Array): HostStatusRead {
  const strings = frames(bytes);
  if (strings.length < 2) return { kind: 'incomplete' };
  const one = fields(strings[0]!, 12);
  if (!one) return { kind: 'unreadable', reason: 'its first status line is not a Zebra host status' };
  const two = fields(strings[1]!, 11);
  if (!two) return { kind: 'unreadable', reason: 'its second status line is not a Zebra host status' };
  const flag = (n: number | undefined): boolean => n !== undefined && n !== 0;
  return {
    kind: 'status',
    whole: strings.length >= 3,
    status: {
      paperOut: flag(one[1]),
      paused: flag(one[2]),
      labelLengthDots: one[3]!,
      formatsInBuffer: one[4]!,
      bufferFull: flag(one[5]),
      partialFormat: flag(one[7]),
      corruptRam: flag(one[9]),
      underTemperature: flag(one[10]),
      overTemperature: flag(one[11]),
      headUp: flag(two[2]),
      ribbonOut: flag(two[3]),
      labelWaiting: flag(two[7]),
      labelsRemaining: two[8]!,
    },
  };
}

export type HostStatusVerdict =
  | { readonly kind: 'printed' }
  | { readonly kind: 'busy'; readonly words: string }
  | { readonly kind: 'stopped'; readonly words: string };

/**
 * What one host status says about the label just sent: printed when nothing
 * is left in the printer (no format waiting or half-read, no label of the
 * batch still to print); stopped when the printer cannot go on by itself.
 */
export function judgeHostStatus(status: ZebraHostStatus): HostStatusVerdict {
  const stops = hostStatusStops(status);
  if (stops) return { kind: 'stopped', words: `the printer reports it is ${stops}` };
  if (status.formatsInBuffer > 0 || status.partialFormat || status.labelsRemaining > 0) {
    const n = status.labelsRemaining;
    return { kind: 'busy', words: n > 0 ? `the printer still has ${n} label${n === 1 ? '' : 's'} to print` : 'the printer still holds the label' };
  }
  return { kind: 'printed' };
}

/** What keeps the printer from printing by itself ("out of labels and paused"); null when nothing does. */
export function hostStatusStops(status: ZebraHostStatus): string | null {
  const stops = [
    status.paperOut ? 'out of labels' : null,
    status.ribbonOut ? 'out of ribbon' : null,
    status.headUp ? 'open (print head up)' : null,
    status.paused ? 'paused' : null,
  ].filter((s): s is string => s !== null);
  return stops.length > 0 ? joinWords(stops) : null;
}

function joinWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}
