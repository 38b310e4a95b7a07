import { describe, expect, it } from 'vitest';
import { judgeHostStatus, readHostStatus, type ZebraHostStatus } from '../../../electron/printing/transport/zebraStatus';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

// Answers byte for byte as Zebra printers send them (<STX> line <ETX><CR><LF>, three times); the first as published from a
// printer in a label-printing web app, the second the layout the ZPL II guide's ~HS page gives, with a job in the buffer.
const IDLE = bytes('\x02014,0,0,0214,000,0,0,0,000,0,0,0\x03\r\n\x02001,0,0,0,1,2,3,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n');
const BUSY = bytes('\x02030,0,0,1218,001,0,0,1,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,6,0,00000001,1,000\x03\r\n\x021234,0\x03\r\n');
const STOPPED = bytes('\x02030,1,1,1218,001,0,0,0,000,0,0,0\x03\r\n\x02000,0,1,1,1,2,6,0,00000001,1,000\x03\r\n\x021234,0\x03\r\n');

const status = (read: ReturnType<typeof readHostStatus>): ZebraHostStatus => {
  if (read.kind !== 'status') throw new Error(`expected a status, got ${read.kind}`);
  return read.status;
};

describe('reading a Zebra ~HS answer', () => {
  it('reads an idle printer: nothing in the buffer, nothing to print, nothing stopped', () => {
    const read = readHostStatus(IDLE);
    expect(read).toMatchObject({ kind: 'status', whole: true });
    expect(status(read)).toEqual({
      paperOut: false,
      paused: false,
      labelLengthDots: 214,
      formatsInBuffer: 0,
      bufferFull: false,
      partialFormat: false,
      corruptRam: false,
      underTemperature: false,
      overTemperature: false,
      headUp: false,
      ribbonOut: false,
      labelWaiting: false,
      labelsRemaining: 0,
    });
  });

  it('reads a printer with a format in its buffer, half read, and a label left in the batch', () => {
    expect(status(readHostStatus(BUSY))).toMatchObject({ labelLengthDots: 1218, formatsInBuffer: 1, partialFormat: true, labelsRemaining: 1, paperOut: false });
  });

  it('reads paper out, paused, head up and ribbon out', () => {
    expect(status(readHostStatus(STOPPED))).toMatchObject({ paperOut: true, paused: true, headUp: true, ribbonOut: true });
  });

  it('an answer split anywhere reads the same once its lines are there, and is incomplete before', () => {
    for (let cut = 0; cut <= IDLE.length; cut++) {
      const head = readHostStatus(IDLE.subarray(0, cut));
      const secondEnds = IDLE.indexOf(0x03, IDLE.indexOf(0x03) + 1);
      if (cut <= secondEnds) expect(head, `cut at ${cut}`).toEqual({ kind: 'incomplete' });
      else expect(head, `cut at ${cut}`).toMatchObject({ kind: 'status', whole: cut > IDLE.lastIndexOf(0x03) });
    }
    const chunked = Buffer.concat([IDLE.subarray(0, 7), IDLE.subarray(7, 40), IDLE.subarray(40)]);
    expect(readHostStatus(chunked)).toEqual(readHostStatus(IDLE));
  });

  it('skips noise outside the frames and a frame cut off by a new start', () => {
    const between = BUSY.indexOf(0x0a) + 1;
    const noisy = Buffer.concat([bytes('\r\n\x00\xffPJL'), bytes('\x02030,0,0,12'), BUSY.subarray(0, between), bytes('junk\r\n'), BUSY.subarray(between)]);
    expect(status(readHostStatus(noisy))).toEqual(status(readHostStatus(BUSY)));
  });

  it('reads strings 1 and 2 without string 3 (not whole), and one string alone is not enough', () => {
    const twoLines = BUSY.subarray(0, BUSY.indexOf(0x02, BUSY.indexOf(0x02, 1) + 1));
    expect(readHostStatus(twoLines)).toMatchObject({ kind: 'status', whole: false, status: { formatsInBuffer: 1 } });
    expect(readHostStatus(BUSY.subarray(0, BUSY.indexOf(0x0a) + 1))).toEqual({ kind: 'incomplete' });
    expect(readHostStatus(Buffer.alloc(0))).toEqual({ kind: 'incomplete' });
    expect(readHostStatus(bytes('garbage with no frames at all\r\n'))).toEqual({ kind: 'incomplete' });
  });

  it('takes extra fields later firmware adds, and refuses lines that are not a host status', () => {
    expect(status(readHostStatus(bytes('\x02030,0,0,1218,000,0,0,0,000,0,0,0,7\x03\r\n\x02000,0,0,0,0,2,6,0,00000000,1,000,9,9\x03\r\n')))).toMatchObject({
      formatsInBuffer: 0,
    });
    expect(readHostStatus(bytes('\x02hello\x03\r\n\x02world\x03\r\n'))).toEqual({ kind: 'unreadable', reason: expect.stringMatching(/first status line/) });
    expect(readHostStatus(bytes('\x02030,0,0,1218,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0\x03\r\n'))).toEqual({ kind: 'unreadable', reason: expect.stringMatching(/second status line/) });
    expect(readHostStatus(bytes('\x02030,0,0,1218,0x1,0,0,0,000,0,0,0\x03\x02000,0,0,0,0,2,6,0,00000000,1,000\x03'))).toMatchObject({ kind: 'unreadable' });
  });
});

describe('what a host status says about the label just sent', () => {
  it('printed only when no format waits, none is half read and no label is left in the batch', () => {
    expect(judgeHostStatus(status(readHostStatus(IDLE)))).toEqual({ kind: 'printed' });
    expect(judgeHostStatus(status(readHostStatus(BUSY)))).toEqual({ kind: 'busy', words: 'the printer still has 1 label to print' });
    const partial = { ...status(readHostStatus(IDLE)), partialFormat: true };
    expect(judgeHostStatus(partial)).toEqual({ kind: 'busy', words: 'the printer still holds the label' });
  });

  it('names every stop the printer reports, before anything else', () => {
    expect(judgeHostStatus(status(readHostStatus(STOPPED)))).toEqual({ kind: 'stopped', words: 'the printer reports it is out of labels, out of ribbon, open (print head up) and paused' });
    expect(judgeHostStatus({ ...status(readHostStatus(IDLE)), paperOut: true })).toEqual({ kind: 'stopped', words: 'the printer reports it is out of labels' });
  });
});
