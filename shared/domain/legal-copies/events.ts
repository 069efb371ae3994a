/**
 * Reading a legal copy (the names and typed names kept with a contract's signatures, outside the
 * log) is itself recorded: who read which copies of which contract, when, and why. Ids and the
 * reason only. One stream per contract, `legal-copy-reads-<jobId>`.
 */
export const legalCopyReadsStreamId = (jobId: string) => `legal-copy-reads-${jobId}`;

export type LegalCopyRead = {
  type: 'LegalCopyRead';
  data: {
    jobId: string;
    copyIds: string[];
    /** The administrator who read them. */
    readBy: string;
    reason: string;
    readAt: string;
  };
};

export type LegalCopyEvent = LegalCopyRead;
