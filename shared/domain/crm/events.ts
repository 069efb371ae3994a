/**
 * The contractor's CRM: private notes about their clients. `crm-<contractorId>`: one stream per
 * contractor; each save replaces that client's note (the history stays in the stream).
 */
export const crmStreamId = (contractorId: string) => `crm-${contractorId}`;

export type ClientNoteSaved = {
  type: 'ClientNoteSaved';
  data: { contractorId: string; customerId: string; note: string | null; savedAt: string };
};

export type ClientNoteEvent = ClientNoteSaved;
