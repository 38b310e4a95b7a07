/** The Shipping Service wire contract: `v2` (current, {base_url}) and `v1` (legacy, {legacy_base_url}). */
export * as v2 from './v2';
export * as v1 from './v1';
