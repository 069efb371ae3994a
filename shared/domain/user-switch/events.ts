/**
 * Acting as another user (`POST /api/auth/switch-user`). Every switch is an event, so an auditor can
 * see who acted as whom and when: an administrator's support switch ('admin') or a visitor trying
 * the seeded demo accounts in demo mode ('demo'). Ids only: the names are looked up when read.
 */
export const switchModes = ['admin', 'demo'] as const;
export type SwitchMode = (typeof switchModes)[number];

export type UserSwitched = {
  type: 'UserSwitched';
  data: { actorId: string; targetId: string; mode: SwitchMode; switchedAt: string };
};

export type UserSwitchEvent = UserSwitched;
