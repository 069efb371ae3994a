import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * The accounts the demo seed created (api/seed.ts), recorded as the seed creates them: demo mode's
 * switch-user may enter these and no others, and a production start refuses a database that has
 * them (their password is published).
 */
export const demoAccountSeededSchema = z.object({ accountId: z.string(), seededAt: z.string() });
export type DemoAccountSeeded = { type: 'DemoAccountSeeded'; data: z.infer<typeof demoAccountSeededSchema> };

export type DemoAccountEvent = DemoAccountSeeded;

export const demoAccountEventSchemas = {
  DemoAccountSeeded: demoAccountSeededSchema,
} as const satisfies EventSchemas<DemoAccountEvent>;
