/** A message's limits and the messaging error texts (a leaf: the HTTP shapes and the site name them). */
export const MESSAGE_LIMITS = {
  bodyMin: 1,
  bodyMax: 2000,
} as const;

export const MESSAGING_MESSAGES = {
  notFound: 'Conversation not found.',
  notParty: 'Only the customer and the contractor of this job can read or write its messages.',
  noContractor: 'This work order has no contractor yet: its conversation opens once a contractor is chosen.',
  body: `A message must be ${MESSAGE_LIMITS.bodyMin} to ${MESSAGE_LIMITS.bodyMax} characters.`,
  control: 'A message can only contain plain text (letters, numbers, punctuation, line breaks and tabs).',
  duplicate: 'This message was already posted.',
  messageNotFound: 'Message not found in this conversation.',
} as const;
