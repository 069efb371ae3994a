/** A dispute's states, in order (a leaf the HTTP shapes can name; the decider re-exports it). */
export const disputeStatuses = ['awaiting-response', 'analysing', 'proposed', 'in-review', 'decided', 'void'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
