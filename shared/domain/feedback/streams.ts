export const feedbackStreamId = (feedbackId: string) => `feedback-${feedbackId}`;
