import { CREDENTIAL_DOCUMENT_LIMITS, tooLargeMessage, UPLOAD_REFUSALS } from '../../uploads/file-types.ts';

/** Verified credential badges: limits and messages shared by the decider, the API and the forms. */
export const CREDENTIAL_LIMITS = { reasonMin: 5, reasonMax: 500, maxYearsAhead: 10 } as const;

export const CREDENTIAL_MESSAGES = {
  paidPlan: 'Verified badges need a paid plan; you are on Starter. Upgrade to Local for $19/month.',
  kind: 'The credential must be one of: licensed, insured, background-checked',
  expiresOn: 'The expiry date must be a calendar date (YYYY-MM-DD)',
  expired: 'The expiry date must be in the future',
  tooFar: `The expiry date can be at most ${CREDENTIAL_LIMITS.maxYearsAhead} years away`,
  pending: 'A document for this badge is already waiting for review',
  notFound: 'This credential was not found',
  notPending: 'This credential was already reviewed',
  reason: `Give the contractor a reason of ${CREDENTIAL_LIMITS.reasonMin} to ${CREDENTIAL_LIMITS.reasonMax} characters`,
  type: UPLOAD_REFUSALS['type:credential'],
  /** Photos and PDFs have the same limit; an upload over it is refused naming its own kind. */
  tooLarge: tooLargeMessage('document', CREDENTIAL_DOCUMENT_LIMITS.document),
  notMultipart:
    'Send the document as multipart/form-data: the fields kind and expiresOn, then one file part named "file".',
  fields: 'Send only the fields kind and expiresOn and one file.',
  noFile: 'Choose the document to upload.',
} as const;
