/** The limits and messages of reading a legal copy (the API sends the messages as `{ error }`; the site translates them). */
export const LEGAL_COPY_LIMITS = { reasonMin: 10, reasonMax: 500 } as const;

export const LEGAL_COPY_MESSAGES = {
  reason: 'Give the reason for reading this legal copy, from 10 to 500 characters.',
  notFound: 'No legal copy is kept for this contract.',
} as const;
