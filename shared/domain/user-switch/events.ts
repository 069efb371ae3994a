import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * Acting as another user (`POST /api/auth/switch-user`). Every switch is an event, so an auditor can
 * see who acted as whom and when: an administrator's support switch ('admin') or a visitor trying
 * the seeded demo accounts in demo mode ('demo'). Ids only: the names are looked up when read.
 */
export const switchModes = ['admin', 'demo'] as const;
export type SwitchMode = (typeof switchModes)[number];

export const userSwitchedSchema = z.object({
  actorId: z.string(),
  targetId: z.string(),
  mode: z.enum(switchModes),
  switchedAt: z.string(),
});
export type UserSwitched = { type: 'UserSwitched'; data: z.infer<typeof userSwitchedSchema> };

export type UserSwitchEvent = UserSwitched;

export const userSwitchEventSchemas = {
  UserSwitched: userSwitchedSchema,
} as const satisfies EventSchemas<UserSwitchEvent>;
