import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { accountCommands } from '../../../shared/contract/account';
import { shippingCommands } from '../../../shared/contract/shipping';
import { orderBoxKey, v1PackageKey } from '../../../electron/purchases/packageKey';
import type { Db } from '../../../electron/store/database';
import type { ShipmentRow } from '../../../electron/store/shipmentsRepo';
import type { BenchStation } from '../shipping/harness';

/** Calls a station command by name with its input parsed by the contract first, as the dispatcher does. */
export type Caller = (name: string, input: unknown) => Promise<unknown>;

/** The shipping and account modules of a harness station, called the way the dispatcher calls them. */
export function callerOf(station: BenchStation): Caller {
  return async (name, input) => {
    if (name in shippingCommands) {
      const command = name as keyof typeof shippingCommands;
      return (station.module.handlers[command] as (a: unknown) => Promise<unknown>)(shippingCommands[command].input.parse(input));
    }
    const command = name as keyof typeof accountCommands;
    return (station.account.handlers[command] as (a: unknown) => Promise<unknown>)(accountCommands[command].input.parse(input));
  };
}

/** What one press of Buy answered, in either API's terms. */
export interface Pressed {
  readonly trackingNo: string;
  readonly note: string | null;
}

export const STORE = 'Fault Store';
export const shipFrom = { name: 'Shipping Desk', phone: '2135550147', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };
const to = { name: 'Ann Lee', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' };
const box = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

/**
 * One API as the fault suite drives it: how an order is made ready, how Buy
 * is pressed for its box 1, and how the API's own way of never paying twice
 * is seen (v2: the same platform_uk_id sent again and answered as a
 * duplicate; v1: the order read back, the purchase never sent twice).
 */
export interface Side {
  readonly api: 'v2' | 'v1';
  /** v1 buys a box of an order the account holds (its boxes weigh `weightsOz`); v2 needs nothing at the service first. */
  prepare(call: Caller, order: string, weightsOz?: readonly number[]): Promise<void>;
  /** One press of Buy for box `box` (from 1) of `order`. */
  buy(call: Caller, order: string, box?: number, weightOz?: number): Promise<Pressed>;
  /** The package key of the order's box 1 in the journal. */
  keyOf(order: string): string;
  /** Purchase requests of this API on the wire (a tripwire's test). */
  readonly purchasePath: RegExp;
  /** Journal rows whose outcome this data folder does not know yet. */
  unsettled(db: Db): number;
  /** After a lost answer, the label was recovered this API's way. */
  expectRecovered(db: Db, row: ShipmentRow, pressed: Pressed): void;
  /** Buying from the CLI (its own process): an order the station can buy, made ready in `dir`, and the words that buy it once as JSON. */
  readonly cli: {
    readonly order: string;
    prepare(dir: string, run: (args: readonly string[]) => Promise<{ code: number | null; err: string }>): Promise<void>;
    buy(shipFromFile: string): string[];
  };
}

export const v2Side: Side = {
  api: 'v2',
  prepare: async () => undefined,
  async buy(call, order, packageIndex = 1, weightOz = box.weightOz) {
    const bought = (await call('labels.buy', {
      method: 'direct',
      carrierCode: 'USPS',
      serviceLevel: 'USPS_GROUND_ADVANTAGE',
      from: shipFrom,
      to,
      package: { ...box, weightOz },
      orderNumber: order,
      packageIndex,
      print: false,
    })) as { shipment: { trackingNo: string | null } };
    return { trackingNo: bought.shipment.trackingNo ?? '', note: null };
  },
  keyOf: (order) => orderBoxKey(order, 1),
  purchasePath: /\/api\/shipment\/(create_and_pay|direct_buy)/,
  unsettled: (db) => (db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending' AND platform_uk_id NOT LIKE 'v1-%'").get() as { n: number }).n,
  expectRecovered(_db, row) {
    // The same platform_uk_id went out again, and the service answered with the label it had sold under it.
    expect(row.attempts).toBeGreaterThan(1);
    expect(row.duplicate_label).toBe(1);
  },
  cli: {
    order: 'K-1',
    async prepare(dir, run) {
      const csv = path.join(dir, 'orders.csv');
      fs.writeFileSync(csv, 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nK-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
      const imported = await run(['orders', 'import', csv]);
      expect(imported.code, imported.err).toBe(0);
    },
    buy: (file) => ['buy', '--order', 'K-1', '--no-print', '--json', '--ship-from', file],
  },
};

export const v1Side: Side = {
  api: 'v1',
  async prepare(call, order, weightsOz = [box.weightOz]) {
    await call('account.orders.create', { storeName: STORE, warehouseName: 'Main Warehouse', orderNumber: order, recipient: to, packages: weightsOz.map((weightOz) => ({ ...box, weightOz })) });
  },
  async buy(call, order, packageIndex = 1, weightOz = box.weightOz) {
    const bought = (await call('account.buyDirect', {
      storeName: STORE,
      orderNumber: order,
      warehouseName: 'Main Warehouse',
      from: shipFrom,
      to,
      serviceType: 'usps_ground_advantage',
      packageIndex,
      package: { ...box, weightOz },
      print: false,
    })) as { trackingCode: string; note: string | null };
    return { trackingNo: bought.trackingCode, note: bought.note };
  },
  keyOf: (order) => v1PackageKey(STORE, order, 1),
  purchasePath: /\/api\/rates\/buy/,
  unsettled: (db) => (db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending' AND platform_uk_id LIKE 'v1-%'").get() as { n: number }).n,
  expectRecovered(_db, row, pressed) {
    // No idempotency key: the order was read back, and the purchase was never sent a second time.
    expect(pressed.note).toMatch(/read the order back/);
    expect(row.attempts).toBe(1);
  },
  cli: {
    // One of the orders the sandbox's v1 account holds from the start; a real v1 service lists no orders, so it is named by store and warehouse from the inbox.
    order: 'DEMO-1003',
    async prepare(dir, run) {
      const csv = path.join(dir, 'orders.csv');
      fs.writeFileSync(csv, 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz,length_in,width_in,height_in\nDEMO-1003,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,20,10,8,4\n');
      const imported = await run(['orders', 'import', csv]);
      expect(imported.code, imported.err).toBe(0);
    },
    buy: (file) => ['v1', 'buy', '--order', 'DEMO-1003', '--store', 'Demo Store', '--warehouse-name', 'Main Warehouse', '--no-print', '--json', '--ship-from', file],
  },
};
