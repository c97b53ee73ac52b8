export interface LlmConfig {
  llmUrl?: string;
  llmApiKey?: string;
  llmModel?: string;
}

/**
 * One chat completion from an OpenAI-compatible endpoint (LLM_URL, LLM_API_KEY, LLM_MODEL): the
 * model's text, or null when none is configured, the call fails, is slow or says nothing.
 */
export async function askModel(
  config: LlmConfig,
  messages: { role: 'system' | 'user'; content: string }[],
  opts: { maxTokens: number; timeoutMs: number },
): Promise<string | null> {
  if (!config.llmUrl) return null;
  const url = /\/chat\/completions\/?$/.test(config.llmUrl)
    ? config.llmUrl
    : `${config.llmUrl.replace(/\/+$/, '')}/chat/completions`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.llmApiKey ? { authorization: `Bearer ${config.llmApiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.llmModel ?? 'gpt-4o-mini',
        temperature: 0.2,
        max_tokens: opts.maxTokens,
        messages,
      }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    return body.choices?.[0]?.message?.content?.trim() || null;
  } catch {
    return null;
  }
}
