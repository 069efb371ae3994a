/** The CRM's limits and fixed messages: pure constants, shared by the decider and the HTTP shapes. */
export const MAX_CLIENT_NOTE = 2000;
export const CRM_MESSAGES = {
  noteTooLong: 'The note must be at most 2000 characters',
  notAClient: 'You can only keep notes about your own clients.',
} as const;
