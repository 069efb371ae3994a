import { z } from 'zod';
import { CONTRACT_MESSAGES as M } from '../domain/contracts/messages.ts';

export const jobParams = z.strictObject({ jobId: z.uuid({ error: 'The job id is not valid' }) });

const version = z.number({ error: 'version must be the contract version you were shown' }).int().min(1).max(10_000);
const hash = z.string({ error: 'textHash must be the SHA-256 of the text you were shown' }).regex(/^[0-9a-f]{64}$/, {
  error: 'textHash must be the SHA-256 of the text you were shown (64 hex characters)',
});

export const signBody = z.strictObject({
  version,
  textHash: hash,
  typedName: z
    .string({ error: M.nameMismatch })
    .trim()
    .min(1, { error: 'Please type your full name to sign.' })
    .max(120, { error: 'The name must be at most 120 characters' }),
  consent: z.literal(true, { error: M.consentRequired }),
});

export const reviseBody = z
  .strictObject({
    version,
    title: z
      .string({ error: 'The title must be text' })
      .trim()
      .min(5, { error: 'The title must be 5 to 120 characters' })
      .max(120, {
        error: 'The title must be 5 to 120 characters',
      })
      .optional(),
    scope: z
      .string({ error: 'The scope must be text' })
      .trim()
      .min(20, { error: 'The scope of work must be 20 to 5,000 characters' })
      .max(5_000, {
        error: 'The scope of work must be 20 to 5,000 characters',
      })
      .optional(),
    priceCents: z
      .number({ error: M.priceRange })
      .int({ error: M.priceRange })
      .min(100, { error: M.priceRange })
      .max(100_000_000, {
        error: M.priceRange,
      })
      .optional(),
  })
  .refine((body) => body.title !== undefined || body.scope !== undefined || body.priceCents !== undefined, {
    error: 'Change at least one of title, scope or priceCents',
  });

/** Who signed which text, when. The typed name and the browser are in the legal copy, not here. */
const signature = z.object({
  role: z.enum(['customer', 'contractor']),
  userId: z.string(),
  signedAt: z.string(),
  textHash: z.string(),
  version: z.number().int(),
});

const party = z.object({ id: z.string(), name: z.string() });

export const contractView = z.looseObject({
  jobId: z.string(),
  jobKind: z.enum(['work-order', 'booking', 'subscription']),
  status: z.enum(['awaiting-signatures', 'executed', 'cancelled']),
  version: z.number().int(),
  templateVersion: z.string(),
  viewerRole: z.enum(['customer', 'contractor', 'admin']),
  title: z.string(),
  priceCents: z.number().int().nullable(),
  /** Today's names, looked up when the contract is shown ("Former member" once an account is deleted). */
  parties: z.object({ customer: party, contractor: party }),
  rendered: z.looseObject({
    languages: z.array(z.enum(['en', 'fr'])),
    documents: z.array(
      z.object({
        language: z.enum(['en', 'fr']),
        title: z.string(),
        sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
      }),
    ),
    text: z.string(),
    textHash: z.string(),
  }),
  signatures: z.object({ customer: signature.optional(), contractor: signature.optional() }),
  accountName: z.string(),
  actions: z.object({ sign: z.boolean(), revise: z.boolean() }),
});

export const contractListView = z.object({
  contracts: z.array(
    z.looseObject({
      jobId: z.string(),
      title: z.string(),
      status: z.string(),
      version: z.number().int(),
      priceCents: z.number().int().nullable(),
      viewerRole: z.enum(['customer', 'contractor', 'admin']),
      counterparty: z.object({ id: z.string(), name: z.string() }),
      signedByMe: z.boolean(),
      signedByOther: z.boolean(),
    }),
  ),
});

export const verifyView = z.object({
  ok: z.boolean(),
  textHash: z.string(),
  signatures: z.array(z.object({ role: z.enum(['customer', 'contractor']), matches: z.boolean() })),
  chain: z.union([
    z.object({ ok: z.literal(true), length: z.number().int(), headHash: z.string().nullable() }),
    z.object({ ok: z.literal(false), revision: z.string(), reason: z.string() }),
  ]),
});
