import { builtInUpsells, upsellsAnswer, type Upsell } from '../domain/ai/upsells.ts';
import { chatCompletion, type ChatConfig } from './chat.ts';

/**
 * Where upsell suggestions come from: the built-in generator (offline, always), or an
 * OpenAI-compatible chat-completions endpoint named by AI_BASE_URL. The model's answer must be the
 * JSON `{upsells: [{name, description, price}]}` and pass the same schema as the API's answer; any
 * failure, slowness or odd answer falls back to the built-in suggestions, so a caller always gets
 * a valid list.
 */
export type UpsellRequest = { serviceType: string; locale: 'en' | 'fr' };
export type UpsellResult = { upsells: Upsell[]; source: 'built-in' | 'model' };
export type UpsellGenerator = (request: UpsellRequest) => Promise<UpsellResult>;

type Logger = { error(obj: object, msg?: string): void };

const builtIn = ({ serviceType, locale }: UpsellRequest): UpsellResult => ({
  upsells: builtInUpsells(serviceType, locale),
  source: 'built-in',
});

/** Parses a model's text as the answer: the JSON object, possibly inside a ```json fence. */
export function parseModelAnswer(content: string): Upsell[] | null {
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/u, '$1');
  try {
    const parsed = upsellsAnswer.safeParse(JSON.parse(unfenced));
    return parsed.success ? parsed.data.upsells : null;
  } catch {
    return null;
  }
}

export function createUpsellGenerator(config: ChatConfig, logger?: Logger): UpsellGenerator {
  const baseUrl = config.AI_BASE_URL;
  if (!baseUrl) return async (request) => builtIn(request);
  return async (request) => {
    try {
      const content = await chatCompletion(
        { ...config, AI_BASE_URL: baseUrl },
        [
          {
            role: 'system',
            content:
              'You suggest 3 to 5 premium add-ons a Canadian local contractor could sell with a subscription service. ' +
              'Answer only the JSON {"upsells":[{"name":string,"description":string,"price":number}]}, where price is ' +
              `a monthly price in Canadian dollars. Write in ${request.locale === 'fr' ? 'Canadian French' : 'Canadian English'}.`,
          },
          { role: 'user', content: `Service type: ${request.serviceType}` },
        ],
        { temperature: 0.4, maxTokens: 600, json: true },
      );
      const upsells = parseModelAnswer(content);
      if (!upsells) throw new Error('AI endpoint gave no valid upsells');
      return { upsells, source: 'model' };
    } catch (err) {
      logger?.error({ err }, 'AI upsells unavailable; the built-in suggestions are used');
      return builtIn(request);
    }
  };
}
