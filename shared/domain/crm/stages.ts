/** The CRM's pipeline stages and lead kinds: what the contractor-crm read model tracks and the API shows. */
/** The pipeline's stages, in order; `lost` is off the line. */
export const pipelineStages = ['lead', 'quoted', 'booked', 'in_progress', 'completed', 'paid'] as const;
export type PipelineStage = (typeof pipelineStages)[number] | 'lost';
export const leadKinds = ['booking_request', 'bid', 'direct_request', 'urgent_alert', 'message', 'barter'] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadStatuses = ['open', 'won', 'lost', 'withdrawn'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
