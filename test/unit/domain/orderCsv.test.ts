import { describe, expect, it } from 'vitest';
import { parseOrderCsv } from '../../../shared/domain/orderCsv';

const header =
  'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,contents_type,non_delivery,itn,aes_exemption,item_description,item_quantity,item_value_usd,item_weight_oz,item_hs_code,item_origin_country';

describe('order CSV with customs items', () => {
  it('gathers the item rows of an order under its first row', () => {
    const csv = [
      header,
      'UK-1,Olivia Hart,10 Downing St,London,,sw1a2aa,GB,+44 20 7946 0958,20,merchandise,return,,,Wool scarf,2,35.00,5,6117.10,GB',
      'UK-1,,,,,,,,,,,,,Leather gloves,1,$49.50,4,420329,IT',
      'CA-1,Noah Tremblay,1 Rue Sainte-Catherine,Montréal,qc,h2x1y4,CA,514-555-0142,12,gift,abandon,,,Maple syrup,1,18,16,170220,',
    ].join('\n');
    const result = parseOrderCsv(csv, { originCountry: 'US' });
    expect(result.errors).toEqual([]);
    const [uk, ca] = result.orders.map((o) => o.order);
    expect(uk?.recipient).toMatchObject({ country: 'GB', state: '', zip: 'SW1A 2AA' });
    expect(uk?.customs).toEqual({
      contentsType: 'merchandise',
      nonDelivery: 'return',
      items: [
        { description: 'Wool scarf', quantity: 2, valueUsd: 35, weightOz: 5, hsCode: '611710', originCountry: 'GB' },
        { description: 'Leather gloves', quantity: 1, valueUsd: 49.5, weightOz: 4, hsCode: '420329', originCountry: 'IT' },
      ],
    });
    expect(ca?.recipient).toMatchObject({ state: 'QC', zip: 'H2X 1Y4' });
    // An item with no origin was made in the ship-from country.
    expect(ca?.customs).toMatchObject({ contentsType: 'gift', nonDelivery: 'abandon', items: [{ description: 'Maple syrup', originCountry: 'US' }] });
  });

  it('refuses, in words and by line, what a carrier would refuse', () => {
    const csv = [
      header,
      'N-1,No Phone,10 Downing St,London,,SW1A 2AA,GB,,20,merchandise,,,,Scarf,1,10,5,,GB',
      'N-2,Wrong State,1 Yonge St,Toronto,NY,M5E 1E5,CA,416-555-0100,20,,,,,,,,,,',
      'N-3,Bad Item,1 Yonge St,Toronto,ON,M5E 1E5,CA,416-555-0100,20,merchandise,,,,Scarf,1,10,5,,GB',
      'N-3,,,,,,,,,,,,,Gloves,two,ten,,,',
      'N-4,Bad Type,1 Yonge St,Toronto,ON,M5E 1E5,CA,416-555-0100,20,stuff,keep,,,,,,,,',
      'N-5,Domestic,1 Main St,Austin,TX,78701,,,12,,,,,,,,,,',
    ].join('\n');
    const result = parseOrderCsv(csv, { originCountry: 'US' });
    expect(result.orders.map((o) => o.order.orderNumber)).toEqual(['N-5']);
    expect(result.orders[0]?.order.recipient.country).toBe('US');
    expect(result.errors).toEqual([
      { line: 2, message: "Enter the recipient's phone number: carriers need it on shipments that leave the country" },
      { line: 3, message: '"NY" is not a province of Canada (that is a U.S. state); use one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT' },
      {
        line: 5,
        message:
          'item_quantity "two" is not a whole number of at least 1; item_value_usd "ten" is not a positive number; item_weight_oz is empty (the weight of one unit, in ounces) (order N-3 is not imported)',
      },
      { line: 6, message: 'contents_type "stuff" is not one of merchandise, gift, documents, returned_goods, sample; non_delivery "keep" is not one of return, abandon' },
    ]);
  });

  it('keeps a U.K. address without a county, and needs a country when the ship-from is unknown', () => {
    const csv = 'order_number,recipient_name,street,city,zip_code,country\nG-1,Amy Pond,1 High St,Leadworth,GL1 1AA,GB\nG-2,Rory Williams,2 High St,Leadworth,GL1 1AB,\n';
    const result = parseOrderCsv(csv);
    expect(result.orders.map((o) => o.order.orderNumber)).toEqual(['G-1']);
    expect(result.orders[0]?.order.customs).toBeNull();
    expect(result.errors).toEqual([{ line: 3, message: 'country is empty' }]);
  });

  it('refuses per-order values that disagree between rows of one order', () => {
    const csv = [header, 'D-1,Ann Lee,1 Yonge St,Toronto,ON,M5E 1E5,CA,416-555-0100,20,gift,,,,Scarf,1,10,5,,CA', 'D-1,,,,,,,,,merchandise,,,,Hat,1,10,5,,CA'].join('\n');
    expect(parseOrderCsv(csv, { originCountry: 'US' }).errors).toEqual([{ line: 3, message: 'contents_type "merchandise" differs from line 2 (order D-1 is not imported)' }]);
  });
});
