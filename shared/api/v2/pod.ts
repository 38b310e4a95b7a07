import { z } from 'zod';
import { envelopeSchema } from './common';

export const POD_MAX_RECIPIENTS = 3;

/** POST /api/shipment/submit_pod: a USPS shipment and 1 to 3 email recipients. */
export const submitPodRequestSchema = z.object({
  tracking_no: z.string().min(1),
  email_list: z.array(z.email()).min(1).max(POD_MAX_RECIPIENTS),
});
export type SubmitPodRequest = z.infer<typeof submitPodRequestSchema>;

export const submitPodResultSchema = z.looseObject({
  transaction_message: z.string(),
  tracking_no: z.string().nullish(),
  request_no: z.string().nullish(),
});
export type SubmitPodResult = z.infer<typeof submitPodResultSchema>;
export const submitPodResponseSchema = envelopeSchema(submitPodResultSchema);
