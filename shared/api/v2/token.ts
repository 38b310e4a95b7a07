import { z } from 'zod';
import { wireNumber } from './common';

/** POST /oauth2/token form body (application/x-www-form-urlencoded). */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  scope: z.string().optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** Token response (not enveloped). */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: wireNumber,
  scope: z.string().nullish(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth-style failure of the token endpoint and of a v1 key used on v2. */
export const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().nullish(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/** Test and live AppKeys differ by prefix. */
export const appKeyModes = { test: 'SS_TEST_', live: 'SS_LIVE_' } as const;

export function appKeyMode(appKey: string): 'test' | 'live' | 'unknown' {
  if (appKey.startsWith(appKeyModes.test)) return 'test';
  if (appKey.startsWith(appKeyModes.live)) return 'live';
  return 'unknown';
}
