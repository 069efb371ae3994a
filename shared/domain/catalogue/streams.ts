export const contractorStreamId = (contractorId: string) => `contractor-${contractorId}`;
export const offeringStreamId = (offeringId: string) => `offering-${offeringId}`;
