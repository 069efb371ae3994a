import type { DisputeAnalysis, DisputeReason } from '../domain/disputes/events.ts';

/**
 * The optional AI provider for dispute analyses: an OpenAI-compatible chat-completions endpoint
 * (AI_BASE_URL) writes a short narrative over the built-in analyser's numbers. It never decides
 * anything and never sees personal data (no names, no e-mail; the statements are the parties'
 * own words about the job). Any failure, slowness or odd answer gives null, and the case goes on
 * with the built-in analysis alone.
 */
export type NarrativeRequest = {
  reason: DisputeReason;
  amountCents: number;
  statements: { customer: string[]; contractor: string[] };
  analysis: Omit<DisputeAnalysis, 'narrative'>;
};

export type DisputeNarrator = (request: NarrativeRequest) => Promise<string | null>;

type NarratorConfig = { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL: string; AI_TIMEOUT_MS: number };
type Logger = { error(obj: object, msg?: string): void };

/** At most this many characters of narrative are kept. */
export const NARRATIVE_MAX_CHARS = 2000;

export const noNarrator: DisputeNarrator = async () => null;

export function createDisputeNarrator(config: NarratorConfig, logger?: Logger): DisputeNarrator {
  if (!config.AI_BASE_URL) return noNarrator;
  const endpoint = `${config.AI_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
  return async (request) => {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.AI_API_KEY ? { authorization: `Bearer ${config.AI_API_KEY}` } : {}),
        },
        body: JSON.stringify({
          model: config.AI_MODEL,
          temperature: 0,
          max_tokens: 400,
          messages: [
            {
              role: 'system',
              content:
                'You summarise a marketplace dispute for a human arbitrator in plain, neutral language, in at most 120 words. ' +
                'Explain what each party claims and what the given scores and recommendation mean. Do not invent facts, ' +
                'do not change any number, and do not give a decision of your own.',
            },
            { role: 'user', content: JSON.stringify(request) },
          ],
        }),
        signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new Error('AI endpoint gave no text');
      return content.trim().slice(0, NARRATIVE_MAX_CHARS);
    } catch (err) {
      logger?.error({ err }, 'dispute narrative unavailable; the built-in analysis stands alone');
      return null;
    }
  };
}
