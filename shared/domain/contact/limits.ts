/** The contact form's limits, as a plain constant the HTTP shapes can name (shared/http/contact.ts). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;
