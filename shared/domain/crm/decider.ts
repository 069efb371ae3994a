import { clientNoteEventSchemas } from './events.ts';
import { ForbiddenError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { ClientNoteEvent } from './events.ts';

import { CRM_MESSAGES, MAX_CLIENT_NOTE } from './limits.ts';

// The limits live in a leaf (limits.ts) that the HTTP shapes can import.
export { CRM_MESSAGES, MAX_CLIENT_NOTE };

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

function saveClientNote(command: SaveClientNote, state: CrmState): ClientNoteEvent[] {
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
}

export const crmDecider: Decider<CrmState, SaveClientNote, ClientNoteEvent> = {
  eventSchemas: clientNoteEventSchemas,
  initialState: () => ({ notes: {} }),
  evolve: (state, event) => ({ notes: { ...state.notes, [event.data.customerId]: event.data.note } }),
  decide(command, state) {
    switch (command.type) {
      case 'SaveClientNote':
        return saveClientNote(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};
