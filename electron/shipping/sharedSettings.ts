/**
 * Settings every bench of a warehouse shares (electron/warehouse/): the
 * ship-from address, the package presets and the rate rule, one value per
 * key as JSON text. A bench alone keeps them in its own SQLite only.
 */
export interface SharedSettings {
  /**
   * The warehouse's values by key. Keys the warehouse does not hold yet are
   * first set to `seed` (this bench's own values), so the first bench to join
   * brings its ship-from instead of every bench losing it. Throws in words
   * while the database is away, at once for a few seconds after a read found
   * it away (this bench's copy answers meanwhile).
   */
  read(seed: ReadonlyMap<string, string>): Promise<ReadonlyMap<string, string>>;
  /** Sets these keys for every bench in one transaction; throws in words while the database is away. */
  write(values: ReadonlyMap<string, string>): Promise<void>;
}
