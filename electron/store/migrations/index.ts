import { m001Station } from './001-station';
import { m002Shipping } from './002-shipping';
import { m003Printing } from './003-printing';
import { m004RecipientLastName } from './004-recipient-last-name';
import { m005ShipmentBackend } from './005-shipment-backend';
import { m006V1Purchases } from './006-v1-purchases';
import { m007Customs } from './007-customs';
import { m008PrintWarnings } from './008-print-warnings';
import { m009HistorySubstringSearch } from './009-history-substring-search';
import { m010UnreadableAnswers } from './010-unreadable-answers';
import { m011WarehouseOutbox } from './011-warehouse-outbox';
import { m012ReturnPackageKeys } from './012-return-package-keys';
import { m013WarehouseOutboxPickups } from './013-warehouse-outbox-pickups';
import { m014StoreSessions } from './014-store-sessions';
import { m015PrintSent } from './015-print-sent';
import { m016V1JournalInShipments } from './016-v1-journal-in-shipments';
import { m017ReportDays } from './017-report-days';
import { m018OrderItemsProducts } from './018-order-items-products';
import { m019Rules } from './019-rules';
import { m020OrderStoreTags } from './020-order-store-tags';
import { m021OrderNotes } from './021-order-notes';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every schema change, in order. Append a new file; never edit one that has
 * shipped (the checksum check refuses it). Numbers must run 1..N with no gaps.
 */
export const migrations: readonly Migration[] = [m001Station, m002Shipping, m003Printing, m004RecipientLastName, m005ShipmentBackend, m006V1Purchases, m007Customs, m008PrintWarnings, m009HistorySubstringSearch, m010UnreadableAnswers, m011WarehouseOutbox, m012ReturnPackageKeys, m013WarehouseOutboxPickups, m014StoreSessions, m015PrintSent, m016V1JournalInShipments, m017ReportDays, m018OrderItemsProducts, m019Rules, m020OrderStoreTags, m021OrderNotes];
