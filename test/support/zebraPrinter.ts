import net from 'node:net';

/** What the fake printer reports in its `~HS` answer; a test changes it at any time. */
export interface ZebraState {
  paperOut: boolean;
  paused: boolean;
  headUp: boolean;
  ribbonOut: boolean;
  formatsInBuffer: number;
  partialFormat: boolean;
  labelsRemaining: number;
  /** False: a raw print server that takes bytes and never answers `~HS`. */
  answers: boolean;
  /** Newer Zebra firmware: no answer at all while out of labels or ribbon or with the head open. */
  silentWhenStopped: boolean;
}

export const READY: Readonly<ZebraState> = {
  paperOut: false,
  paused: false,
  headUp: false,
  ribbonOut: false,
  formatsInBuffer: 0,
  partialFormat: false,
  labelsRemaining: 0,
  answers: true,
  silentWhenStopped: false,
};

/** One connection as the printer saw it: every byte, in order. */
export interface ZebraConnection {
  readonly bytes: Buffer;
  /** How many `~HS` questions came on it. */
  readonly hostStatusQueries: number;
  readonly closed: boolean;
}

export interface FakeZebra {
  readonly host: string;
  readonly port: number;
  readonly state: ZebraState;
  readonly connections: readonly ZebraConnection[];
  /** Connections that asked `~HS`. */
  hostStatusConnections(): number;
  /** Every byte of the connections that did not ask `~HS`, in the order they connected. */
  labelBytes(): Buffer;
  /** Runs after each `~HS` is answered (or left unanswered), with how many came so far: a test moves the printer on there. */
  onHostStatus: (count: number) => void;
  /** Resolves once every connection so far has closed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const frame = (text: string): string => `\x02${text}\x03\r\n`;
const bit = (on: boolean): string => (on ? '1' : '0');

/** The three framed strings of a `~HS` answer (ZPL II Programming Guide), as a ZD420 at 203 dpi with 4x6 labels sends them. */
export function hostStatusAnswer(state: Readonly<ZebraState>): Buffer {
  const formats = String(state.formatsInBuffer).padStart(3, '0');
  const remaining = String(state.labelsRemaining).padStart(8, '0');
  return Buffer.from(
    frame(`030,${bit(state.paperOut)},${bit(state.paused)},1218,${formats},0,0,${bit(state.partialFormat)},000,0,0,0`) +
      frame(`000,0,${bit(state.headUp)},${bit(state.ribbonOut)},0,2,6,0,${remaining},1,000`) +
      frame('1234,0'),
    'latin1',
  );
}

/** A Zebra printer on 127.0.0.1 that records every byte of each raw 9100 connection and answers `~HS`. */
export async function fakeZebraPrinter(initial: Partial<ZebraState> = {}): Promise<FakeZebra> {
  const state: ZebraState = { ...READY, ...initial };
  const connections: Array<{ bytes: Buffer; hostStatusQueries: number; closed: boolean }> = [];
  const waiting: Array<() => void> = [];
  let asked = 0;
  const allClosed = (): boolean => connections.every((c) => c.closed);

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const seen = { bytes: Buffer.alloc(0), hostStatusQueries: 0, closed: false };
    connections.push(seen);
    socket.on('data', (chunk: Buffer) => {
      seen.bytes = Buffer.concat([seen.bytes, chunk]);
      const queries = seen.bytes.toString('latin1').split('~HS').length - 1;
      for (; seen.hostStatusQueries < queries; seen.hostStatusQueries++) {
        const stopped = state.paperOut || state.ribbonOut || state.headUp;
        if (state.answers && !(state.silentWhenStopped && stopped)) socket.write(hostStatusAnswer(state));
        printer.onHostStatus(++asked);
      }
    });
    socket.on('end', () => socket.end());
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      seen.closed = true;
      if (allClosed()) waiting.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const printer: FakeZebra = {
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    state,
    connections,
    hostStatusConnections: () => connections.filter((c) => c.hostStatusQueries > 0).length,
    labelBytes: () => Buffer.concat(connections.filter((c) => c.hostStatusQueries === 0).map((c) => c.bytes)),
    onHostStatus: () => undefined,
    idle: () => (allClosed() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        sockets.forEach((socket) => socket.destroy());
      }),
  };
  return printer;
}
