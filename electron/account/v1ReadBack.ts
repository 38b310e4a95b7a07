import type { V1OrderLabel, V1ShipmentRequest } from '../../shared/api/v1';
import type { V1RateQuote } from '../../shared/contract/account';

/** What a journal row's request_json holds: the request, and the rate picked when buying by rate id. */
export interface StoredV1Request {
  readonly request: V1ShipmentRequest;
  readonly rate?: V1RateQuote;
}

/**
 * What reading an order's labels back says about one unconfirmed v1
 * purchase. v1 has no idempotency key and its label list names no box, so a
 * label is this purchase's only when nothing else could be: no bench holds
 * it, and it is the one such label of the order whose service, weight and
 * size are the ones asked for. Several benches buy boxes of one order, so an
 * unclaimed label may be another bench's box; when the read-back cannot tell,
 * the purchase stays unknown and is never bought again without the operator.
 */
export type ReadBackVerdict =
  | { readonly kind: 'found'; readonly label: V1OrderLabel }
  | { readonly kind: 'not_sold' }
  | { readonly kind: 'unclear'; readonly unclaimed: number; readonly matching: number };

/** The service states weights in pounds; this station sends thousandths and the sandbox answers hundredths. */
const WEIGHT_TOLERANCE_LB = 0.011;
const DIMENSION_TOLERANCE_IN = 0.011;

const near = (a: number | null | undefined, b: number | undefined, tolerance: number): boolean =>
  a === null || a === undefined || b === undefined || Math.abs(a - b) <= tolerance;

/**
 * `isClaimed` says whether a tracking code already belongs to a package on
 * this station (or, in warehouse mode, on any bench). `othersBuying` counts
 * the order's other boxes being bought meanwhile (warehouse mode): a label
 * sold to one of them may not be claimed yet, so no unclaimed label can be
 * told to be this purchase's.
 */
export function judgeReadBack(labels: readonly V1OrderLabel[], stored: StoredV1Request, isClaimed: (trackingCode: string) => boolean, othersBuying = 0): ReadBackVerdict {
  const unclaimed = labels.filter((l) => (l.label_status ?? '').toLowerCase() !== 'voided' && !isClaimed(l.tracking_code));
  if (unclaimed.length === 0) return { kind: 'not_sold' };
  const asked = (stored.rate?.serviceType ?? stored.request.order.service_type ?? '').toLowerCase();
  const box = stored.request.shipments[0];
  const matching = unclaimed.filter(
    (l) =>
      (asked === '' || !l.service_level || l.service_level.toLowerCase() === asked) &&
      near(l.weight, box?.weight, WEIGHT_TOLERANCE_LB) &&
      near(l.length, box?.length, DIMENSION_TOLERANCE_IN) &&
      near(l.width, box?.width, DIMENSION_TOLERANCE_IN) &&
      near(l.height, box?.height, DIMENSION_TOLERANCE_IN),
  );
  const [only] = matching;
  if (matching.length === 1 && only && othersBuying === 0) return { kind: 'found', label: only };
  return { kind: 'unclear', unclaimed: unclaimed.length, matching: matching.length };
}
