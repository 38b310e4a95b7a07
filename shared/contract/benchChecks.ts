/**
 * Scan to verify and the automation rules as the Ship bench holds them: the
 * items counted for the order on the bench, the choices the rules made, and
 * the operator's intents for them (benchCheckCommands.ts).
 */

/** One line of the order as the packer checks it: the code scanned for it (the catalog's barcode, else the SKU) and how many are counted. */
export interface VerifyLine {
  readonly sku: string;
  readonly name: string;
  readonly code: string;
  readonly quantity: number;
  readonly counted: number;
}

/** Why the last item scan or count was refused; each kind has its own words and sound. */
export type VerifyProblemKind = 'wrongItem' | 'notInOrder' | 'tooMany';

/**
 * Scan to verify (a bench setting): off, checking until every line is
 * counted, complete, or skipped for this one order (by the operator's key, or
 * by a rule) with who skipped it.
 */
export interface BenchVerify {
  readonly status: 'off' | 'checking' | 'complete' | 'skipped';
  readonly lines: readonly VerifyLine[];
  readonly problem: { readonly kind: VerifyProblemKind; readonly message: string } | null;
  /** Who skipped: the bench's name as the station knows it, or the rule's name. */
  readonly skippedBy: string | null;
}

/** A rule holds the order with this note: Buy waits until the operator releases it (null: no hold). */
export type RuleHold = string | null;

/** One choice made for the package by a rule, and the operator's change to it; drawn before Buy and kept in History. */
export interface BenchChoice {
  readonly field: 'service' | 'box' | 'insurance' | 'signature' | 'saturday' | 'hold' | 'skipVerification';
  readonly label: string;
  /** What the rule set, in words. */
  readonly value: string;
  readonly ruleName: string;
  /** What the operator changed it to, in words; null while the rule's value stands. */
  readonly changedTo: string | null;
}
