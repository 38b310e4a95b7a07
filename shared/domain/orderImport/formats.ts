/**
 * The stores' order exports, by the column names they write
 * (../shared/reference/store-exports.md): how each is recognised, where the
 * order, the ship-to address and the items are, and which orders are not to
 * be shipped and why. Names are matched trimmed and in lower case, never by
 * position: every store has added and renamed columns over the years.
 */

import type { ImportFormat } from './types';

export type Field =
  | 'orderNumber' | 'name' | 'firstName' | 'lastName' | 'company' | 'street' | 'street2' | 'street3' | 'city' | 'state' | 'zip' | 'country'
  | 'phone' | 'email' | 'sku' | 'listing' | 'itemName' | 'quantity' | 'price' | 'weightOz' | 'store' | 'tags' | 'note';

/** A cell of the row by its column name (lower case); '' when the column is absent or empty. */
export type Cell = (column: string) => string;

export interface StoreSpec {
  readonly format: ImportFormat;
  /** Which export this is, in the operator's words. */
  readonly label: string;
  /** Columns that all appear in this export's header and in no other's. */
  readonly signature: readonly string[];
  /** Where each field is; the first column of a list that has a value wins. */
  readonly fields: Partial<Record<Field, readonly string[]>>;
  /** Why the order is not to be shipped, from any of its rows; undefined when it is to be shipped. */
  readonly skip?: (cell: Cell) => string | undefined;
  /** False for an item row that needs no shipping (fulfilled already, a gift card). */
  readonly itemShips?: (cell: Cell) => boolean;
  /** The rows after the data (eBay's record count and seller id). */
  readonly footer?: (cells: readonly string[]) => boolean;
  /** A file this station cannot take as it is, with what to bring instead. */
  readonly refuse?: string;
}

const filled = (value: string): boolean => value.trim() !== '';
const word = (value: string): string => value.trim().toLowerCase().replace(/^wc-/, '').replace(/[\s_-]+/g, ' ');

const shopify: StoreSpec = {
  format: 'shopify',
  label: 'Shopify orders export',
  signature: ['name', 'lineitem sku', 'shipping zip'],
  fields: {
    orderNumber: ['name'], name: ['shipping name'], company: ['shipping company'], street: ['shipping address1', 'shipping street'], street2: ['shipping address2'],
    city: ['shipping city'], state: ['shipping province'], zip: ['shipping zip'], country: ['shipping country'], phone: ['shipping phone', 'phone', 'billing phone'],
    email: ['email'], sku: ['lineitem sku'], itemName: ['lineitem name'], quantity: ['lineitem quantity'], price: ['lineitem price'], tags: ['tags'], note: ['notes'],
  },
  skip: (cell) => {
    if (filled(cell('cancelled at'))) return `cancelled in Shopify (${cell('cancelled at')})`;
    if (word(cell('fulfillment status')) === 'fulfilled') return 'already fulfilled in Shopify';
    return undefined;
  },
  itemShips: (cell) => word(cell('lineitem requires shipping')) !== 'false' && word(cell('lineitem fulfillment status')) !== 'fulfilled',
};

const wooStatus = (status: string): string | undefined => {
  const w = word(status);
  if (w === 'completed') return 'already completed (shipped) in WooCommerce';
  if (w === 'cancelled' || w === 'refunded' || w === 'failed') return `${w} in WooCommerce`;
  return undefined;
};

const woocommerce: StoreSpec = {
  format: 'woocommerce',
  label: 'WooCommerce orders export (Advanced Order Export)',
  signature: ['order number', 'order status'],
  fields: {
    orderNumber: ['order number'], name: ['full name (shipping)'], firstName: ['first name (shipping)'], lastName: ['last name (shipping)'], company: ['company (shipping)'],
    street: ['address 1&2 (shipping)', 'address 1 (shipping)'], street2: ['address 2 (shipping)'], city: ['city (shipping)'], state: ['state code (shipping)', 'state (shipping)'],
    zip: ['postcode (shipping)', 'zip (shipping)'], country: ['country code (shipping)', 'country (shipping)'], phone: ['phone (shipping)', 'phone (billing)'], email: ['email (billing)'],
    sku: ['sku'], itemName: ['item name', 'name'], quantity: ['quantity'], price: ['item cost'], note: ['customer note'],
  },
  skip: (cell) => wooStatus(cell('order status')),
};

const wooSnake: StoreSpec = {
  format: 'woocommerce',
  label: 'WooCommerce orders export (Customer/Order Export, one row per item)',
  signature: ['order_number', 'shipping_postcode'],
  fields: {
    orderNumber: ['order_number'], firstName: ['shipping_first_name'], lastName: ['shipping_last_name'], company: ['shipping_company'], street: ['shipping_address_1'],
    street2: ['shipping_address_2'], city: ['shipping_city'], state: ['shipping_state'], zip: ['shipping_postcode'], country: ['shipping_country'],
    phone: ['shipping_phone', 'billing_phone'], email: ['billing_email'], sku: ['item_sku'], itemName: ['item_name'], quantity: ['item_quantity'], price: ['item_price', 'item_total'], note: ['customer_note'],
  },
  skip: (cell) => wooStatus(cell('status')),
};

const ebay: StoreSpec = {
  format: 'ebay',
  label: 'eBay Seller Hub orders report',
  signature: ['sales record number', 'order number'],
  fields: {
    orderNumber: ['order number'], name: ['ship to name', 'post to name'], phone: ['ship to phone', 'post to phone'], street: ['ship to address 1', 'post to address 1'],
    street2: ['ship to address 2', 'post to address 2'], city: ['ship to city', 'post to city'], state: ['ship to state', 'post to county'],
    zip: ['ship to zip', 'post to postcode'], country: ['ship to country', 'post to country'], email: ['buyer email'], sku: ['custom label'], listing: ['item number'],
    itemName: ['item title'], quantity: ['quantity'], price: ['sold for'], note: ['buyer note'],
  },
  skip: (cell) => (filled(cell('shipped on date')) ? `already shipped on eBay (${cell('shipped on date')})` : undefined),
  footer: (cells) => cells.some((c) => /record\(s\) downloaded/i.test(c)) || /^\s*seller id\b/i.test(cells[0] ?? ''),
};

const etsyItems: StoreSpec = {
  format: 'etsy',
  label: 'Etsy sold order items',
  signature: ['sale date', 'item name', 'order id'],
  fields: {
    orderNumber: ['order id'], name: ['ship name', 'delivery name'], street: ['ship address1', 'delivery address1'], street2: ['ship address2', 'delivery address2'],
    city: ['ship city', 'delivery city'], state: ['ship state', 'delivery state'], zip: ['ship zipcode', 'delivery zipcode'], country: ['ship country', 'delivery country'],
    sku: ['sku'], listing: ['listing id'], itemName: ['item name'], quantity: ['quantity'], price: ['price'],
  },
  skip: (cell) => {
    const shipped = cell('date shipped') || cell('date posted');
    return filled(shipped) ? `already shipped on Etsy (${shipped})` : undefined;
  },
};

const etsyOrders: StoreSpec = {
  format: 'etsy',
  label: 'Etsy sold orders',
  signature: ['sale date', 'order id', 'number of items'],
  fields: {},
  refuse:
    "This is Etsy's sold orders file, which lists no items of an order. Import the sold order items file instead (EtsySoldOrderItems….csv, from Shop Manager > Settings > Options > Download Data): it has every order with its items.",
};

const amazon: StoreSpec = {
  format: 'amazon',
  label: 'Amazon unshipped orders report',
  signature: ['order-id', 'order-item-id'],
  fields: {
    orderNumber: ['order-id'], name: ['recipient-name'], street: ['ship-address-1'], street2: ['ship-address-2'], street3: ['ship-address-3'], city: ['ship-city'],
    state: ['ship-state'], zip: ['ship-postal-code'], country: ['ship-country'], phone: ['ship-phone-number', 'buyer-phone-number'], email: ['buyer-email'],
    sku: ['sku'], itemName: ['product-name'], quantity: ['quantity-to-ship', 'quantity-purchased'], price: ['item-price'], store: ['sales-channel'],
  },
  skip: (cell) => (word(cell('is-buyer-requested-cancellation')) === 'true' ? 'the buyer asked Amazon to cancel it' : undefined),
};

const shipStationStatus = (status: string): string | undefined => {
  const w = word(status);
  if (w === 'shipped') return 'already shipped in ShipStation';
  if (w === 'cancelled') return 'cancelled in ShipStation';
  return undefined;
};

const shipStation: StoreSpec = {
  format: 'shipstation',
  label: 'ShipStation orders export',
  signature: ['order - number', 'ship to - postal code'],
  fields: {
    orderNumber: ['order - number'], name: ['ship to - name'], company: ['ship to - company'], street: ['ship to - address 1'], street2: ['ship to - address 2'],
    street3: ['ship to - address 3'], city: ['ship to - city'], state: ['ship to - state'], zip: ['ship to - postal code'], country: ['ship to - country'],
    phone: ['ship to - phone'], email: ['ship to - email', 'customer - email'], sku: ['item - sku'], itemName: ['item - name'], quantity: ['item - qty'], price: ['item - price'],
    store: ['market - store name', 'store - name', 'store', 'market - markeplace name', 'market - marketplace name'], tags: ['order - tags', 'tags'],
    note: ['notes - from buyer', 'notes - from customer', 'gift message'],
  },
  skip: (cell) => shipStationStatus(cell('order - status')),
};

const shipStationTemplate: StoreSpec = {
  format: 'shipstation',
  label: 'ShipStation order import file',
  signature: ['order id (required)', 'ship to - postal code'],
  fields: { ...shipStation.fields, orderNumber: ['order id (required)'], weightOz: ['total weight in oz'] },
};

/** Most specific first: WooCommerce's `Order Number` also names a column of eBay's report. */
export const storeSpecs: readonly StoreSpec[] = [shopify, ebay, etsyItems, etsyOrders, amazon, shipStation, shipStationTemplate, woocommerce, wooSnake];

/** Every column name any export is recognised or read by, for sniffing the separator. */
export const knownColumns: ReadonlySet<string> = new Set(storeSpecs.flatMap((spec) => [...spec.signature, ...Object.values(spec.fields).flat()]));
