import { describe, expect, it } from 'vitest';
import {
  dhlExpressCheckDigit,
  fedexExpressCheckDigit,
  isValidDhlExpress,
  isValidFedexExpress,
  isValidFedexGround15,
  isValidSwiftx,
  isValidUpsTracking,
  isValidUspsPic,
  luhnCheckDigit,
  mod10CheckDigit,
  upsCheckDigit,
} from '../../../shared/domain/checkDigits';

// Public sample numbers from jkeen/tracking_number_data (couriers/*.json).
const strip = (s: string) => s.replace(/\s+/g, '');

describe('USPS mod 10', () => {
  it.each(['9400 1112 0108 0805 4830 16', '9361 2898 7870 0317 6337 95', '9405803699300124287899', '9505 5110 6960 5048 6006 24'])(
    'accepts the published PIC %s',
    (pic) => expect(isValidUspsPic(strip(pic))).toBe(true),
  );
  it('computes the published check digits', () => {
    expect(mod10CheckDigit('940011120108080548301')).toBe(6);
    expect(mod10CheckDigit('926129270076871194802')).toBe(1);
    // a 20-digit legacy number uses the same weights
    expect(mod10CheckDigit('0307179000052348374')).toBe(1);
  });
  it('rejects a wrong check digit, a wrong channel and a wrong length', () => {
    expect(isValidUspsPic('9261292700768711948020')).toBe(false);
    expect(isValidUspsPic('9200000000000000000000')).toBe(false);
    expect(isValidUspsPic('8400111201080805483016')).toBe(false);
    expect(isValidUspsPic('940011120108080548301')).toBe(false);
  });
});

describe('UPS', () => {
  it.each(['1Z5R89390357567127', '1Z879E930346834440', '1Z410E7W0392751591', '1Z8V92A70367203024'])('accepts %s', (n) => {
    expect(isValidUpsTracking(n)).toBe(true);
    expect(upsCheckDigit(n.slice(2, 17))).toBe(n.slice(17));
  });
  it.each(['2Z5R89390357567127', '1A5R89390357567127', '1Z1111111111111111', '1Z5R8939035756712'])('rejects %s', (n) => {
    expect(isValidUpsTracking(n)).toBe(false);
  });
});

describe('FedEx Express', () => {
  it.each(['986578788855', '477179081230', '799531274483', '790535312317', '974367662710'])('accepts %s', (n) => {
    expect(isValidFedexExpress(n)).toBe(true);
    expect(fedexExpressCheckDigit(n.slice(0, 11))).toBe(Number(n[11]));
  });
  it('rejects a changed digit', () => expect(isValidFedexExpress('996578788855')).toBe(false));
  it('validates the 12-digit number at the end of a 34-digit FedEx barcode', () => {
    expect(isValidFedexExpress('1001921334250001000300779017972697'.slice(-12))).toBe(true);
  });
  it.each(['041441760228964', '568283610012000', '568283610012734'])('accepts the Ground number %s', (n) => {
    expect(isValidFedexGround15(n)).toBe(true);
  });
  it('rejects a Ground number with a wrong check digit', () => expect(isValidFedexGround15('568283610012732')).toBe(false));
});

describe('DHL Express', () => {
  it.each(['3318810025', '73891051146', '8487135506', '1099255990', '3821724944'])('accepts %s', (n) => {
    expect(isValidDhlExpress(n)).toBe(true);
  });
  it.each(['3318810010', '3318810034', '3318810011'])('rejects %s', (n) => expect(isValidDhlExpress(n)).toBe(false));
  it('is the body modulo 7', () => expect(dhlExpressCheckDigit('331881002')).toBe(331881002 % 7));
});

describe('Luhn and SWIFTX', () => {
  it('matches the classic Luhn example', () => expect(luhnCheckDigit('7992739871')).toBe(3));
  it('validates SWIFTX numbers by Luhn over the digits', () => {
    const body = '01000012345';
    const n = `SX${body}${luhnCheckDigit(body)}`;
    expect(isValidSwiftx(n)).toBe(true);
    expect(isValidSwiftx(n.slice(0, -1) + String((Number(n.slice(-1)) + 1) % 10))).toBe(false);
  });
});
