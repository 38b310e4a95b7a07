import { describe, expect, it } from 'vitest';
import { searchAnswer } from '../../../electron/purchases/salvage';

// The 8-byte PNG signature and an IHDR start: enough for the signature check.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');

describe('searchAnswer', () => {
  it('prefers a tracking-named field over a carrier-shaped number elsewhere, and never takes the station\'s own ids', () => {
    const found = searchAnswer(
      { code: 'ok', data: { ref: '9400111899223197428490', platform_uk_id: '940011189922319742849999', shipment: { carrierTrackingCode: '1Z999AA10123456784' } } },
      ['940011189922319742849999'],
    );
    expect(found).toMatchObject({ trackingNo: '1Z999AA10123456784', trackingPath: 'data.shipment.carrierTrackingCode' });
    expect(searchAnswer({ data: { platform_uk_id: '940011189922319742849999', ref: '9400111899223197428490' } }, ['940011189922319742849999']).trackingNo).toBe('9400111899223197428490');
  });

  it('takes no phone, zip, date, fee or shipment number for a tracking number', () => {
    const found = searchAnswer({ data: { phone: '213555014712', zip_code: '900210000000', created_at: '20261125063000', shipment_no: '123456789012', total_fee: '123456789012' } });
    expect(found.trackingNo).toBeNull();
  });

  it('finds base64 PNGs by their signature (a data: URL too), and label URLs before other URLs, but not tracking pages', () => {
    const found = searchAnswer({
      data: {
        docs: [{ blob: png }, { qr_image: `data:image/png;base64,${png}` }, { blob: Buffer.from('%PDF-1.4').toString('base64') }],
        links: { home: 'https://example.test/', print_label: 'https://example.test/l/1.png', tracking_url: 'https://carrier.test/track?n=1' },
      },
    });
    expect(found.images.map((i) => [i.path, i.kind])).toEqual([
      ['data.docs[0].blob', 'label'],
      ['data.docs[1].qr_image', 'qrcode'],
    ]);
    expect(found.urls.map((u) => u.url)).toEqual(['https://example.test/l/1.png', 'https://example.test/']);
  });

  it('reads a tracking number from a list under a tracking name', () => {
    expect(searchAnswer({ data: { tracking_numbers: ['TBA123456789012'] } })).toMatchObject({ trackingNo: 'TBA123456789012', trackingPath: 'data.tracking_numbers[0]' });
  });
});
