/**
 * History across a warehouse (electron/warehouse/): the labels every bench
 * bought that match a search, newest first, by platform_uk_id. A bench
 * keeps each one it is shown (with its bytes, as a reprint by tracking number
 * does), so it shows, searches and reprints it from its own store, also while
 * the database is away. A bench alone has none of this.
 */
export interface SharedHistory {
  /** Throws while the database is away: the caller lists its own copy and says the list is partial. */
  search(query: string, limit: number): Promise<ReadonlyArray<{ readonly platformUkId: string; readonly voided: boolean }>>;
}
