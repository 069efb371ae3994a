import type { DisputeAnalysis, DisputeReason } from '../domain/disputes/events.ts';
import { chatCompletion, type ChatConfig } from './chat.ts';

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

type NarratorConfig = ChatConfig;
type Logger = { error(obj: object, msg?: string): void };

/** At most this many characters of narrative are kept. */
export const NARRATIVE_MAX_CHARS = 2000;

export const noNarrator: DisputeNarrator = async () => null;

export function createDisputeNarrator(config: NarratorConfig, logger?: Logger): DisputeNarrator {
  const baseUrl = config.AI_BASE_URL;
  if (!baseUrl) return noNarrator;
  return async (request) => {
    try {
      const content = await chatCompletion(
        { ...config, AI_BASE_URL: baseUrl },
        [
          {
            role: 'system',
            content:
              'You summarise a marketplace dispute for a human arbitrator in plain, neutral language, in at most 120 words. ' +
              'Explain what each party claims and what the given scores and recommendation mean. Do not invent facts, ' +
              'do not change any number, and do not give a decision of your own.',
          },
          { role: 'user', content: JSON.stringify(request) },
        ],
        { temperature: 0, maxTokens: 400 },
      );
      return content.slice(0, NARRATIVE_MAX_CHARS);
    } catch (err) {
      logger?.error({ err }, 'dispute narrative unavailable; the built-in analysis stands alone');
      return null;
    }
  };
}
