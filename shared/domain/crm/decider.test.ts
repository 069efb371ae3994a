import { describe, it } from 'vitest';
import { ForbiddenError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { CRM_MESSAGES, crmDecider } from './decider.ts';

const now = new Date('2026-11-24T15:00:00.000Z');
const contractorId = '0a6d5f3e-3a21-4c40-9f63-2b7b8f1c9a01';
const customerId = '9e3c1a7b-8d44-4f2e-b6a1-7c5d2e4f6a02';
const saved = (note: string | null) => ({
  type: 'ClientNoteSaved' as const,
  data: { contractorId, customerId, note, savedAt: now.toISOString() },
});

describe('CRM client notes decider', () => {
  const spec = deciderSpec(crmDecider);
  const save = (note: string | null, isClient = true) =>
    ({ type: 'SaveClientNote', contractorId, customerId, isClient, note, now }) as const;

  it('saves a trimmed note about a client, and clears it with an empty one', () => {
    spec([])
      .when(save('  Gate code 4412; dog is friendly.  '))
      .then([saved('Gate code 4412; dog is friendly.')]);
    spec([saved('Gate code')])
      .when(save('   '))
      .then([saved(null)]);
  });

  it('records nothing when the note did not change', () => {
    spec([saved('Gate code')])
      .when(save('Gate code '))
      .then([]);
    spec([]).when(save('')).then([]);
  });

  it('refuses a note about someone who is not a client, and one over 2000 characters', () => {
    spec([]).when(save('Hello', false)).thenThrows(ForbiddenError, CRM_MESSAGES.notAClient);
    spec([])
      .when(save('x'.repeat(2001)))
      .thenThrows(ValidationError, CRM_MESSAGES.noteTooLong);
  });
});
