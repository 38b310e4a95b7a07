import type { Db } from './db';

export const OPENING_BALANCE_CENTS = 1_000_000;
/** A training account never runs dry: a purchase that would overdraw it first adds this much (recorded as a top-up). */
export const AUTO_RECHARGE_CENTS = 1_000_000;

/** The account balance as a ledger: purchases debit, voids credit, the opening and top-ups credit. */
export class Ledger {
  private readonly insertStmt;
  private readonly sumStmt;
  private cached: number | undefined;

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare('INSERT INTO ledger (amount_cents, kind, ref, created_at) VALUES (?, ?, ?, ?)');
    this.sumStmt = db.prepare<[], { total: number | null }>('SELECT SUM(amount_cents) AS total FROM ledger');
  }

  balanceCents(): number {
    this.cached ??= this.sumStmt.get()?.total ?? 0;
    return this.cached;
  }

  private add(cents: number, kind: string, ref: string | null, at: string): void {
    const before = this.balanceCents();
    this.insertStmt.run(cents, kind, ref, at);
    this.cached = before + cents;
  }

  open(at: string): void {
    if (this.db.prepare('SELECT 1 FROM ledger LIMIT 1').get()) return;
    this.add(OPENING_BALANCE_CENTS, 'opening', null, at);
  }

  debit(cents: number, ref: string, at: string): void {
    if (this.balanceCents() < cents) this.add(AUTO_RECHARGE_CENTS, 'auto_recharge', ref, at);
    this.add(-cents, 'purchase', ref, at);
  }

  credit(cents: number, ref: string, at: string): void {
    this.add(cents, 'refund', ref, at);
  }
}
