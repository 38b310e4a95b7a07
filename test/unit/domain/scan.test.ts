import { describe, expect, it } from 'vitest';
import { commandBarcodes, stationCommandNames } from '../../../shared/domain/commandBarcodes';
import { normalizeScan, parseScan } from '../../../shared/domain/scan';
import { imbpBarcodeData, makeTrackingNumber } from '../../../electron/sandbox/render/trackingNumbers';

// Real-format samples: a handful from jkeen/tracking_number_data (couriers/*.json, "valid" lists).
const GS = '\u001d';

describe('USPS', () => {
  it('reads IMpb with the 420 + ZIP routing prefix, whatever the scanner does with FNC1', () => {
    const pic = '9101026837331000039521';
    const expected = { kind: 'tracking', tracking_no: pic, carrier: 'USPS', zip: '22153' };
    expect(parseScan(`42022153${pic}`)).toEqual(expected); // FNC1 dropped
    expect(parseScan(`]C142022153${GS}${pic}`)).toEqual(expected); // AIM prefix + GS
    expect(parseScan(`42022153${GS}${pic}\r`)).toEqual(expected); // GS, CR terminator
    expect(parseScan(`${GS}42022153${GS}${pic}`)).toEqual(expected); // FNC1 sent as a leading GS
    expect(parseScan(`]C1${GS}42022153${GS}${pic}\r`)).toEqual(expected);
    expect(parseScan(`420 22153 ${pic}`)).toEqual(expected); // typed with spaces
  });

  it('tells a 5-digit ZIP from ZIP+4 by which split leaves a valid PIC', () => {
    expect(parseScan('4201002334249200190132607600833457')).toEqual({
      kind: 'tracking',
      tracking_no: '9200190132607600833457',
      carrier: 'USPS',
      zip: '100233424',
    });
    expect(parseScan(`]C1420100233424${GS}9200190132607600833457`)).toMatchObject({ zip: '100233424' });
  });

  it('reads 20, 22 and 26 digit numbers and checks the mod 10 digit', () => {
    for (const pic of ['9400111201080805483016', '9361289878700317633795', '92748931507708513018050063', '9505511069605048600624']) {
      expect(parseScan(pic), pic).toEqual({ kind: 'tracking', tracking_no: pic, carrier: 'USPS' });
    }
    expect(parseScan('9400 1112 0108 0805 4830 16')).toMatchObject({ tracking_no: '9400111201080805483016' });
    expect(parseScan('0307 1790 0005 2348 3741')).toEqual({ kind: 'tracking', tracking_no: '03071790000523483741', carrier: 'USPS' });
    expect(parseScan('9400111201080805483017')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/check digit/) });
  });

  it('reads S10 international numbers', () => {
    expect(parseScan('EC123456785US')).toEqual({ kind: 'tracking', tracking_no: 'EC123456785US', carrier: 'USPS' });
    expect(parseScan('RR123456785CN')).toEqual({ kind: 'tracking', tracking_no: 'RR123456785CN' });
  });

  it('points the packer at the tracking barcode when the routing-only barcode is scanned', () => {
    expect(parseScan(']C142022153')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/ZIP routing/) });
    expect(parseScan('420221531234')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/ZIP routing/) });
    // Without the GS1 marker, eight digits starting 420 may just as well be an order number.
    expect(parseScan('42022153')).toEqual({ kind: 'order', order_number: '42022153' });
  });
});

describe('UPS, FedEx, DHL, SWIFTX', () => {
  it('reads UPS 1Z numbers, in either case', () => {
    expect(parseScan('1Z5R89390357567127')).toEqual({ kind: 'tracking', tracking_no: '1Z5R89390357567127', carrier: 'UPS' });
    expect(parseScan('1z5r89390357567127')).toMatchObject({ carrier: 'UPS', tracking_no: '1Z5R89390357567127' });
    expect(parseScan('1Z5R89390357567128')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/check digit/) });
  });

  it('reads FedEx 12, 15, 20, 22 and the 34-digit label barcode', () => {
    expect(parseScan('986578788855')).toMatchObject({ kind: 'tracking', tracking_no: '986578788855', carrier: 'FEDEX' });
    expect(parseScan('0414 4176 0228 964')).toMatchObject({ tracking_no: '041441760228964', carrier: 'FEDEX' });
    expect(parseScan('61299998820821171811')).toMatchObject({ tracking_no: '61299998820821171811', carrier: 'FEDEX' });
    expect(parseScan('9611020987654312345672')).toMatchObject({ tracking_no: '9611020987654312345672', carrier: 'FEDEX' });
    expect(parseScan('1001921334250001000300779017972697')).toEqual({ kind: 'tracking', tracking_no: '779017972697', carrier: 'FEDEX' });
    expect(parseScan('9632001560123456789900794808390594')).toMatchObject({ tracking_no: '794808390594', carrier: 'FEDEX' });
  });

  it('reads DHL Express waybills', () => {
    expect(parseScan('3318810025')).toMatchObject({ kind: 'tracking', tracking_no: '3318810025', carrier: 'DHL_EXPRESS' });
    expect(parseScan('73891051146')).toMatchObject({ carrier: 'DHL_EXPRESS' });
    expect(parseScan('3318810010')).toEqual({ kind: 'order', order_number: '3318810010' });
  });

  it('keeps a short digits-only match open as an order number too', () => {
    expect(parseScan('3318810025')).toEqual({ kind: 'tracking', tracking_no: '3318810025', carrier: 'DHL_EXPRESS', order_number: '3318810025' });
    expect(parseScan('986578788855').order_number).toBe('986578788855');
    expect(parseScan('9400111201080805483016').order_number).toBeUndefined();
  });

  it('recognises every number the sandbox mints, and its IMpb barcode data', () => {
    for (let serial = 0; serial < 200; serial += 1) {
      for (const [carrier, expected] of [['USPS', 'USPS'], ['UPS', 'UPS'], ['FEDEX', 'FEDEX'], ['DHL_EXPRESS', 'DHL_EXPRESS'], ['SWIFTX', 'SWIFTX']] as const) {
        const number = makeTrackingNumber(carrier, serial);
        expect(parseScan(number), `${carrier} ${number}`).toMatchObject({ kind: 'tracking', tracking_no: number, carrier: expected });
      }
      const pic = makeTrackingNumber('USPS', serial);
      expect(parseScan(imbpBarcodeData('94103-1234', pic))).toEqual({ kind: 'tracking', tracking_no: pic, carrier: 'USPS', zip: '941031234' });
    }
  });
});

describe('orders', () => {
  it.each([
    ['DEMO-1001', 'DEMO-1001'],
    ['#1001', '1001'],
    ['# 1001', '1001'],
    ['1001', '1001'],
    ['A1B2C3', 'A1B2C3'],
    ['112-1234567-1234567', '112-1234567-1234567'],
    ['SO/2024/42', 'SO/2024/42'],
    ['demo-1001\r', 'demo-1001'],
    ['\u0002DEMO-1001\u0003', 'DEMO-1001'],
    ['#3318810025', '3318810025'],
  ])('%s is order %s', (text, number) => {
    expect(parseScan(text)).toEqual({ kind: 'order', order_number: number });
  });

  it.each(['HELLO', 'DEMO 1001', '-1001', 'DEMO-', 'A'.repeat(41) + '1', '#', '#abc', 'ab c1'])('%j is not an order', (text) => {
    expect(parseScan(text).kind).toBe('unknown');
  });
});

describe('station commands', () => {
  it('reads every command on the command sheet', () => {
    for (const barcode of commandBarcodes) {
      expect(parseScan(barcode.text)).toEqual({ kind: 'command', command: barcode.command });
    }
    expect(commandBarcodes.map((b) => b.command)).toEqual([...stationCommandNames]);
  });

  it('accepts a lower-case read and the scanner terminator', () => {
    expect(parseScan('ps:cmd:reprint_last\n')).toEqual({ kind: 'command', command: 'REPRINT_LAST' });
    expect(parseScan(']C0PS:CMD:BUY')).toEqual({ kind: 'command', command: 'BUY' });
  });

  it('reads the another-box command, which the command sheet prints', () => {
    expect(parseScan('PS:CMD:ANOTHER_BOX\r')).toEqual({ kind: 'command', command: 'ANOTHER_BOX' });
    expect(commandBarcodes.find((b) => b.command === 'ANOTHER_BOX')).toMatchObject({ text: 'PS:CMD:ANOTHER_BOX', label: 'Another box for this order' });
  });

  it('refuses a command it does not know, with a message', () => {
    expect(parseScan('PS:CMD:SELF_DESTRUCT')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/not a command/) });
  });
});

describe('what is not a scan', () => {
  it('explains empty and unreadable input', () => {
    expect(parseScan('')).toEqual({ kind: 'unknown', message: 'Nothing was scanned.' });
    expect(parseScan('\r\n')).toMatchObject({ kind: 'unknown' });
    expect(parseScan('hello world')).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/not an order, a tracking number/) });
  });

  it('normalises what scanners wrap around the data', () => {
    expect(normalizeScan(']C1420941031234\r\n')).toBe('420941031234');
    expect(normalizeScan('  ABC\t')).toBe('ABC');
    expect(normalizeScan('\u0002DEMO-1001\u0003\r')).toBe('DEMO-1001');
    expect(normalizeScan('420\u001d94')).toBe('420\u001d94');
  });
});
