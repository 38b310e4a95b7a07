/** The flags that type an address on the command line; flagWords.ts names them back in a refusal. */
export const addressOptions = {
  street: { type: 'string' },
  street2: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  zip: { type: 'string' },
  country: { type: 'string' },
} as const;
