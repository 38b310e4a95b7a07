import { z } from 'zod';
import { envelopeSchema } from './common';

export const POD_MAX_RECIPIENTS = 3;

/** POST /api/shipment/submit_pod: a USPS shipment and 1 to 3 email recipients (field names: assumptions.ts, pod). */
export const submitPodRequestSchema = z.object({
  tracking_no: z.string().min(1),
  email_list: z.array(z.email()).min(1).max(POD_MAX_RECIPIENTS),
});
export type SubmitPodRequest = z.infer<typeof submitPodRequestSchema>;

/** transaction_message (spec) when present; the request was accepted once the envelope said ok. */
export const submitPodResultSchema = z.unknown().transform((value) => {
  const message = value !== null && typeof value === 'object' ? (value as { transaction_message?: unknown }).transaction_message : undefined;
  return { transaction_message: typeof message === 'string' ? message : null };
});
export type SubmitPodResult = z.infer<typeof submitPodResultSchema>;
export const submitPodResponseSchema = envelopeSchema(submitPodResultSchema);
