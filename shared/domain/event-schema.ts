import type { z } from 'zod';

/**
 * A module's schemas, one per event type of its union `E`, keyed by type: the data shape each
 * event's schema checks. `satisfies EventSchemas<E>` makes a missing or extra type a compile
 * error, and each schema must produce exactly the data its type declares.
 *
 * This file is a leaf (zod only), so every events.ts can import it without a cycle.
 */
export type EventSchemas<E extends { type: string; data: unknown }> = {
  readonly [T in E['type']]: z.ZodType<Extract<E, { type: T }>['data']>;
};
