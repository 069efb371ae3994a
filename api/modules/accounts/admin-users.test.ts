import { describe, expect, it } from 'vitest';
import { likePattern, userSwitchView } from './admin-users.ts';

describe('admin user reads', () => {
  it('searches % and _ literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('marie')).toBe('%marie%');
  });

  it('names a switch’s people as they are now, a deleted account as a former member', () => {
    const row = {
      id: 'e1',
      actorId: 'admin',
      targetId: 'gone',
      mode: 'admin' as const,
      switchedAt: new Date('2026-04-01T10:00:00.000Z'),
    };
    expect(userSwitchView(row, new Map([['admin', 'Ada Admin']]))).toEqual({
      id: 'e1',
      actor: { id: 'admin', name: 'Ada Admin' },
      target: { id: 'gone', name: 'Former member' },
      mode: 'admin',
      switchedAt: '2026-04-01T10:00:00.000Z',
    });
  });
});
