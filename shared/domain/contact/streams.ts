export const contactStreamId = (messageId: string) => `contact-${messageId}`;
