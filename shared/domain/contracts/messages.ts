/** The messages the contract rules answer with (the API sends them as `{ error }`). */
export const CONTRACT_MESSAGES = {
  notFound: 'Contract not found.',
  notAParty: 'Only the customer and the contractor of this job can do that.',
  alreadyExecuted: 'Both parties have signed this contract; its terms can no longer change.',
  recurringTermsFixed:
    'A recurring service agreement keeps the terms of the subscription. To change them, cancel it and subscribe again.',
  cancelled: 'This contract was cancelled with its job.',
  staleVersion: 'This contract has changed since you opened it. Please review the new version before signing.',
  alreadySigned: 'You have already signed this version of the contract.',
  priceNotSet: 'The price must be set before the contract can be signed.',
  consentRequired: 'Please tick the box to confirm that you agree to sign electronically.',
  nameMismatch: 'Please type your full name exactly as it appears on your account.',
  nothingChanged: 'These are already the terms of the contract.',
  priceRange: 'The price must be from $1.00 to $1,000,000.00.',
} as const;
