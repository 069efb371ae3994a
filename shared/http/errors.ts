import { z } from 'zod';

/** Every error answer: `{ error }`, one sentence the site may show as is. */
export const errorSchema = z.object({ error: z.string() });
