import net from 'node:net';
import { PRINTED, type Delivery, type Readiness } from './transport';
import { hostStatusStops, judgeHostStatus, readHostStatus, type HostStatusVerdict, type ZebraHostStatus } from './zebraStatus';

/** More than three status lines ever need; a device that streams past this is not answering `~HS`. */
const ANSWER_CAP = 4096;

export type HostStatusAnswer =
  | { readonly kind: 'status'; readonly status: ZebraHostStatus }
  | { readonly kind: 'silent' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * Asks `~HS` on a connection of its own and reads the answer. No answer
 * within `answerMs` (or the printer hanging up without one) is silence: raw
 * print servers say nothing, and newer Zebra firmware says nothing while out
 * of labels or ribbon or with the head open.
 */
export function askHostStatus(host: string, port: number, answerMs: number): Promise<HostStatusAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const socket = net.createConnection({ host, port });
    const settle = (answer: HostStatusAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    /** What the bytes so far say once no more will come. */
    const final = (): HostStatusAnswer => {
      const read = readHostStatus(Buffer.concat(chunks));
      if (read.kind === 'status') return { kind: 'status', status: read.status };
      if (read.kind === 'unreadable') return read;
      return { kind: 'silent' };
    };
    let connected = false;
    // A printer that took the label but cannot be reached now is not one that never answers: it is not remembered as silent.
    const timer = setTimeout(() => settle(connected ? final() : { kind: 'unreachable', reason: 'it could not be reached' }), answerMs);
    socket.once('connect', () => {
      connected = true;
      socket.write('~HS');
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      const read = readHostStatus(Buffer.concat(chunks));
      if (read.kind === 'status' && read.whole) settle({ kind: 'status', status: read.status });
      else if (read.kind === 'unreadable') settle(read);
      else if (length > ANSWER_CAP) settle({ kind: 'unreadable', reason: 'it sent more than a status answer' });
    });
    socket.once('close', () => settle(final()));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (length > 0) return settle(final());
      settle({ kind: 'unreachable', reason: error.code === 'ECONNREFUSED' ? 'it refused the connection' : 'it could not be reached' });
    });
  });
}

/**
 * Which printers, by address, are known (for as long as the station runs) to
 * answer `~HS` or to stay silent, so a silent one does not hold every label
 * for the answer wait.
 */
export interface HostStatusMemory {
  silent(where: string): boolean;
  answered(where: string): boolean;
  remember(where: string, answers: boolean): void;
}

export function createHostStatusMemory(): HostStatusMemory {
  const known = new Map<string, boolean>();
  return {
    silent: (where) => known.get(where) === false,
    answered: (where) => known.get(where) === true,
    remember: (where, answers) => void known.set(where, answers),
  };
}

export interface ZebraConfirmOptions {
  readonly memory: HostStatusMemory;
  /** How long one `~HS` may take to be answered. */
  readonly answerMs?: number;
  /** The pause between two questions while the printer still holds the label. */
  readonly pollMs?: number;
  /** How long the label is followed before it is left to the printer as sent. */
  readonly confirmMs?: number;
}

const CHECK = 'so check that it came out';

/**
 * After a ZPL job went out whole: asks the printer's host status until
 * nothing is left in it (printed), it reports a stop (paper, ribbon, head,
 * pause), it does not answer, or the confirm time passes.
 */
export async function confirmZebraPrint(host: string, port: number, options: ZebraConfirmOptions): Promise<Delivery> {
  const where = `${host}:${port}`;
  const { memory } = options;
  if (memory.silent(where)) return { printed: false, unconfirmed: `the printer does not answer status questions, ${CHECK}` };
  const confirmMs = options.confirmMs ?? 15_000;
  const deadline = Date.now() + confirmMs;
  let last: HostStatusVerdict | null = null;
  for (;;) {
    const answer = await askHostStatus(host, port, options.answerMs ?? 2000);
    if (answer.kind === 'unreachable') return { printed: false, unconfirmed: `the printer took the label but could not be asked whether it printed (${answer.reason}), ${CHECK}` };
    if (answer.kind === 'unreadable') {
      memory.remember(where, false);
      return { printed: false, unconfirmed: `the printer's status answer could not be read (${answer.reason}), ${CHECK}` };
    }
    if (answer.kind === 'silent') {
      // A printer that answered before and falls silent now is a Zebra that stopped; one that never answered cannot tell.
      if (last || memory.answered(where)) {
        return { printed: false, unconfirmed: `the printer stopped answering status questions (a Zebra printer falls silent when out of labels or ribbon or with its head open), ${CHECK}` };
      }
      memory.remember(where, false);
      return { printed: false, unconfirmed: `the printer did not answer a status question, ${CHECK}` };
    }
    memory.remember(where, true);
    last = judgeHostStatus(answer.status);
    if (last.kind === 'printed') return PRINTED;
    if (last.kind === 'stopped') return { printed: false, unconfirmed: `${last.words}; the label prints once that is put right, ${CHECK}` };
    if (Date.now() >= deadline) return { printed: false, unconfirmed: `${last.words} after ${Math.ceil(confirmMs / 1000)} s, ${CHECK}` };
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}

/**
 * Before a label goes: a Zebra that reports a stop would only hold it, so it
 * waits in the station instead. A printer known to stay silent is not asked
 * again (each label would wait out the answer time); one that says nothing
 * now, or cannot be reached, gets its label as before.
 */
export async function zebraReadiness(host: string, port: number, options: ZebraConfirmOptions): Promise<Readiness> {
  const where = `${host}:${port}`;
  if (options.memory.silent(where)) return { state: 'unknown', words: 'does not answer status questions' };
  const answer = await askHostStatus(host, port, options.answerMs ?? 2000);
  if (answer.kind === 'status') {
    options.memory.remember(where, true);
    const stops = hostStatusStops(answer.status);
    return stops ? { state: 'stopped', words: `reports it is ${stops}` } : { state: 'ready' };
  }
  if (answer.kind === 'silent' && !options.memory.answered(where)) options.memory.remember(where, false);
  if (answer.kind === 'unreadable') options.memory.remember(where, false);
  const why = answer.kind === 'silent' ? 'did not answer a status question' : answer.kind === 'unreadable' ? `sent a status answer that could not be read (${answer.reason})` : `could not be asked for its status (${answer.reason})`;
  return { state: 'unknown', words: why };
}
