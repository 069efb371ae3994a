/**
 * One call to the optional OpenAI-compatible chat-completions endpoint (AI_BASE_URL), shared by the
 * dispute narrator and the upsell generator: it answers the first choice's text, or throws on any
 * failure, slowness (AI_TIMEOUT_MS) or empty answer, so each caller decides its own fallback.
 */
export type ChatConfig = { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL: string; AI_TIMEOUT_MS: number };
export type ChatMessage = { role: 'system' | 'user'; content: string };

export async function chatCompletion(
  config: ChatConfig & { AI_BASE_URL: string },
  messages: ChatMessage[],
  options: { temperature: number; maxTokens: number; json?: boolean },
): Promise<string> {
  const endpoint = `${config.AI_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.AI_API_KEY ? { authorization: `Bearer ${config.AI_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      model: config.AI_MODEL,
      temperature: options.temperature,
      max_tokens: options.maxTokens,
      ...(options.json ? { response_format: { type: 'json_object' } } : {}),
      messages,
    }),
    signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error('AI endpoint gave no text');
  return content.trim();
}
