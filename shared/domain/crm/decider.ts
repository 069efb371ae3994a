import { ForbiddenError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { ClientNoteEvent } from './events.ts';

export const MAX_CLIENT_NOTE = 2000;
export const CRM_MESSAGES = {
  noteTooLong: 'The note must be at most 2000 characters',
  notAClient: 'You can only keep notes about your own clients.',
} as const;

/** The latest note per client. */
export type CrmState = { notes: Record<string, string | null> };

export type SaveClientNote = {
  type: 'SaveClientNote';
  contractorId: string;
  customerId: string;
  /** Whether the customer has dealt with this contractor (the route reads it from the CRM read model). */
  isClient: boolean;
  note: string | null;
  now: Date;
};

export const crmDecider: Decider<CrmState, SaveClientNote, ClientNoteEvent> = {
  initialState: () => ({ notes: {} }),
  evolve: (state, event) => ({ notes: { ...state.notes, [event.data.customerId]: event.data.note } }),
  decide(command, state) {
    if (!command.isClient) throw new ForbiddenError(CRM_MESSAGES.notAClient);
    const note = command.note?.trim() || null;
    if (note !== null && note.length > MAX_CLIENT_NOTE) throw new ValidationError(CRM_MESSAGES.noteTooLong);
    // Saving the same text again records nothing.
    if ((state.notes[command.customerId] ?? null) === note) return [];
    return [
      {
        type: 'ClientNoteSaved',
        data: {
          contractorId: command.contractorId,
          customerId: command.customerId,
          note,
          savedAt: command.now.toISOString(),
        },
      },
    ];
  },
};
