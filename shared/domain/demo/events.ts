/**
 * The accounts the demo seed created (api/seed.ts), recorded as the seed creates them: demo mode's
 * switch-user may enter these and no others, and a production start refuses a database that has
 * them (their password is published).
 */
export type DemoAccountSeeded = { type: 'DemoAccountSeeded'; data: { accountId: string; seededAt: string } };

export type DemoAccountEvent = DemoAccountSeeded;
