import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * The contractor's CRM: private notes about their clients. `crm-<contractorId>`: one stream per
 * contractor; each save replaces that client's note (the history stays in the stream).
 */
export const crmStreamId = (contractorId: string) => `crm-${contractorId}`;

export const clientNoteSavedSchema = z.object({
  contractorId: z.string(),
  customerId: z.string(),
  note: z.string().nullable(),
  savedAt: z.string(),
});
export type ClientNoteSaved = { type: 'ClientNoteSaved'; data: z.infer<typeof clientNoteSavedSchema> };

export type ClientNoteEvent = ClientNoteSaved;

export const clientNoteEventSchemas = {
  ClientNoteSaved: clientNoteSavedSchema,
} as const satisfies EventSchemas<ClientNoteEvent>;
