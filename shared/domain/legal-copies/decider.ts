import { legalCopyEventSchemas } from './events.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { LegalCopyEvent } from './events.ts';
import { LEGAL_COPY_LIMITS, LEGAL_COPY_MESSAGES as M } from './messages.ts';

/**
 * An administrator reads the legal copies of a contract's signatures, for a reason they give. The
 * copies found (looked up by the caller) arrive in the command; the rule is that a reading always
 * has a reason and always names what was read. Every reading is appended: nothing here is
 * idempotent, because two readings are two accesses to personal data.
 */
export type RecordLegalCopyRead = {
  type: 'RecordLegalCopyRead';
  jobId: string;
  copyIds: string[];
  adminId: string;
  reason: string;
  now: Date;
};

export type LegalCopyReadsState = { reads: number };

function recordLegalCopyRead(command: RecordLegalCopyRead): LegalCopyEvent[] {
  const reason = command.reason.trim();
  const length = [...reason].length;
  if (length < LEGAL_COPY_LIMITS.reasonMin || length > LEGAL_COPY_LIMITS.reasonMax) {
    throw new ValidationError(M.reason);
  }
  if (command.copyIds.length === 0) throw new NotFoundError(M.notFound);
  return [
    {
      type: 'LegalCopyRead',
      data: {
        jobId: command.jobId,
        copyIds: [...command.copyIds],
        readBy: command.adminId,
        reason,
        readAt: command.now.toISOString(),
      },
    },
  ];
}

export const legalCopyDecider: Decider<LegalCopyReadsState, RecordLegalCopyRead, LegalCopyEvent> = {
  eventSchemas: legalCopyEventSchemas,
  initialState: () => ({ reads: 0 }),
  evolve: (state, event) => (event.type === 'LegalCopyRead' ? { reads: state.reads + 1 } : state),
  decide(command) {
    switch (command.type) {
      case 'RecordLegalCopyRead':
        return recordLegalCopyRead(command);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
