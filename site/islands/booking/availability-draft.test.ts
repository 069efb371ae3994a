import { describe, expect, it } from 'vitest';
import { availabilityBody } from '../../../shared/http/booking.ts';
import { availabilityOf, copyMondayToAll, draftFrom } from './availability-draft.ts';

describe('the availability editor’s draft', () => {
  it('starts a contractor without hours on weekdays 9 to 5, in the device’s zone when it is Canadian', () => {
    const draft = draftFrom({ availability: null, exceptions: [] }, 'America/Halifax');
    expect(draft.timeZone).toBe('America/Halifax');
    expect(draft.slotMinutes).toBe(60);
    expect(draft.days[1]).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(draft.days[6]).toEqual([]);
    expect(draftFrom({ availability: null, exceptions: [] }, 'Europe/Paris').timeZone).toBe('America/Toronto');
  });

  it('sends back what the server has, weekday by weekday, in the shape the API validates', () => {
    const availability = {
      timeZone: 'America/Vancouver',
      slotMinutes: 90,
      weekly: [
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 5, start: '10:00', end: '14:00' },
      ],
    };
    const sent = availabilityOf(draftFrom({ availability, exceptions: [] }, 'America/Toronto'));
    expect(sent).toEqual(availability);
    expect(availabilityBody.safeParse(sent).success).toBe(true);
  });

  it('copies Monday’s windows to every day, as copies', () => {
    const draft = copyMondayToAll(draftFrom({ availability: null, exceptions: [] }, 'America/Toronto'));
    expect(Object.values(draft.days).every((w) => w.length === 1 && w[0]!.start === '09:00')).toBe(true);
    expect(draft.days[7]![0]).not.toBe(draft.days[1]![0]);
  });
});
