import type { SandboxContext } from './context';
import type { StoredAddress } from './store/shipments';

export const DEMO_STORE = 'Demo Store';
export const DEMO_WAREHOUSE = 'Main Warehouse';

/** The account's ship-from address (the warehouse of every demo order). */
export const SHIP_FROM: StoredAddress = {
  name: 'Shipping Desk',
  company: 'Harbor Goods Co',
  phone: '2135550147',
  email: 'shipping@harborgoods.example',
  street: '2150 E 7th St',
  street2: 'Dock 4',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90021',
  country: 'US',
  residential: false,
};

type Demo = [name: string, company: string, street: string, street2: string, city: string, state: string, zip: string, lb: number, dims: [number, number, number], sku: string, title: string, qty: number, price: number];

// Varied destinations (zones 1 to 9). DEMO-1013's ZIP belongs to New Jersey, not Colorado, so it fails
// validation; DEMO-1017 is a PO box (USPS only).
const DEMO_ORDERS: readonly Demo[] = [
  ['Maria Gonzalez', '', '1457 Sunset Boulevard', 'Apartment 3', 'Los Angeles', 'CA', '90026', 1.2, [10, 8, 4], 'MUG-CER-12', 'Ceramic mug, 12 oz', 2, 14.5],
  ['James Whitfield', '', '88 north main street', '', 'Salt Lake City', 'UT', '84111', 0.5, [9, 6, 2], 'TEE-BLK-M', 'T-shirt, black, M', 1, 19],
  ['Priya Raman', 'Raman Design LLC', '500 Pine Street', 'Suite 1200', 'Seattle', 'WA', '98101', 3.4, [14, 10, 6], 'LAMP-DESK', 'Desk lamp', 1, 42],
  ['Tom Becker', '', '2207 West Alabama Street', '', 'Houston', 'TX', '77098', 6.8, [18, 14, 8], 'KETTLE-ST', 'Stovetop kettle', 1, 36],
  ['Aisha Johnson', '', '77 Peachtree Place NE', 'Unit 905', 'Atlanta', 'GA', '30309', 0.3, [8, 5, 1], 'CARD-SET', 'Greeting card set', 3, 6.5],
  ['Daniel Kim', '', '315 West 36th Street', 'Floor 7', 'New York', 'NY', '10018', 2.1, [12, 9, 5], 'BOOK-COOK', 'Cookbook', 1, 28],
  ['Emily Carter', '', '1420 Lakeshore Drive', '', 'Chicago', 'IL', '60610', 4.5, [16, 12, 6], 'TOWEL-SET', 'Bath towel set', 1, 39],
  ['Robert Nguyen', 'Nguyen Dental', '9801 Research Boulevard', 'Suite 250', 'Austin', 'TX', '78759', 12.0, [20, 16, 12], 'CHAIR-CUSH', 'Chair cushions (4)', 1, 64],
  ['Sofia Rossi', '', '64 Commonwealth Avenue', 'Apt 2B', 'Boston', 'MA', '02116', 0.9, [10, 7, 3], 'CANDLE-3', 'Soy candle trio', 1, 24],
  ['Marcus Lee', '', '4120 East Indian School Road', '', 'Phoenix', 'AZ', '85018', 2.8, [13, 10, 6], 'PLANTER-M', 'Planter, medium', 2, 18],
  ['Hannah Schmidt', '', '2300 Northeast Broadway', '', 'Portland', 'OR', '97232', 1.6, [11, 8, 4], 'TEA-SAMP', 'Tea sampler', 1, 22],
  ['Carlos Herrera', '', '1100 Brickell Bay Drive', 'Unit 1406', 'Miami', 'FL', '33131', 5.2, [16, 12, 10], 'BLENDER-S', 'Single-serve blender', 1, 49],
  ['Olivia Brooks', '', '1830 Larkspur Lane', '', 'Denver', 'CO', '08202', 0.7, [9, 6, 3], 'SCARF-WL', 'Wool scarf', 1, 34],
  ['Ethan Walker', '', '725 Market Street', '', 'Philadelphia', 'PA', '19106', 8.5, [18, 18, 10], 'RUG-SMALL', 'Rug, 2x3 ft', 1, 55],
  ['Grace Liu', '', '2901 Fairview Avenue East', '', 'Seattle', 'WA', '98102', 0.2, [6, 4, 1], 'STICKER-PK', 'Sticker pack', 5, 3],
  ['Noah Patel', 'Patel Pharmacy', '410 South Tryon Street', 'Suite 100', 'Charlotte', 'NC', '28202', 15.0, [22, 18, 14], 'FIRSTAID-L', 'First aid kits (6)', 1, 120],
  ['Lily Anderson', '', 'P.O. Box 4417', '', 'Juneau', 'AK', '99803', 1.1, [10, 8, 3], 'GLOVE-WNT', 'Winter gloves', 1, 29],
  ['Kenji Watanabe', '', '1050 Ala Moana Boulevard', 'Apartment 2201', 'Honolulu', 'HI', '96814', 2.4, [12, 10, 6], 'SNORKEL', 'Snorkel set', 1, 45],
  ['Chloe Martin', '', '3620 South Grand Boulevard', '', 'St Louis', 'MO', '63118', 3.0, [14, 10, 8], 'PUZZLE-1K', 'Jigsaw puzzle, 1000 pc', 2, 21],
  ['Benjamin Ortiz', '', '955 West Main Street', '', 'Boise', 'ID', '83702', 0.6, [9, 6, 2], 'WALLET-LTH', 'Leather wallet', 1, 48],
];

/** First start only: the ship-from address, the opening balance and DEMO-1001..DEMO-1020. */
export function seedAccount(ctx: SandboxContext): void {
  if (ctx.meta.get('seeded') !== undefined) return;
  const start = ctx.now().getTime();
  ctx.db.transaction(() => {
    ctx.meta.set('account.ship_from', JSON.stringify(SHIP_FROM));
    ctx.ledger.open(new Date(start).toISOString());
    DEMO_ORDERS.forEach(([name, company, street, street2, city, state, zip, lb, dims, sku, title, qty, price], i) => {
      const orderNumber = `DEMO-${1001 + i}`;
      ctx.orders.insert({
        storeName: DEMO_STORE,
        orderNumber,
        warehouseName: DEMO_WAREHOUSE,
        status: 'awaiting',
        createdAt: new Date(start - (DEMO_ORDERS.length - i) * 37 * 60_000).toISOString(),
        data: {
          verify_address: true,
          client_name: name,
          client_company: company,
          client_email: `${name.split(' ')[0]?.toLowerCase() ?? 'customer'}@example.com`,
          client_phone: `555010${String(i).padStart(4, '0')}`,
          client_street: street,
          client_street2: street2,
          client_city: city,
          client_state: state,
          client_zip: zip,
          client_country: 'US',
          shipments: [
            {
              length: dims[0],
              width: dims[1],
              height: dims[2],
              weight: lb,
              signature: price * qty >= 100 ? 'SIGNATURE' : 'NO_SIGNATURE',
              items: [{ sku, title, quantity: qty, price }],
            },
          ],
        },
      });
    });
    ctx.meta.set('seeded', new Date(start).toISOString());
  })();
}

export function shipFrom(ctx: SandboxContext): StoredAddress {
  const stored = ctx.meta.get('account.ship_from');
  return stored ? (JSON.parse(stored) as StoredAddress) : SHIP_FROM;
}
