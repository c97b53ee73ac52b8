import { analyseOutcome } from '../automation/analyse-outcome';
import type { RecapSource } from '@fp/contracts';
import type { ApplyResult } from '../automation/types';
import { askModel, type LlmConfig } from './llm';

export type { LlmConfig };

export type Recap = (result: ApplyResult, ctx: { firmName: string }) => Promise<{ text: string; source: RecapSource }>;

/**
 * The recap of an attempt ("AI Analysis" only when a model wrote it). With an OpenAI-compatible endpoint configured (LLM_URL, LLM_API_KEY,
 * LLM_MODEL) it asks the model to analyse what the automation observed; it never asks the model to
 * guess beyond that. Without one, or when the call fails or is slow, the deterministic analysis.
 */
export function createRecap(config: LlmConfig, timeoutMs = 8000): Recap {
  return async (result, ctx) => {
    // The rule-based text is labelled as such on screen; only the model's own words are "AI".
    const deterministic = { text: analyseOutcome(result, { firmName: ctx.firmName }), source: 'rules' as const };
    if (!config.llmUrl) return deterministic;
    const facts = {
      firm: ctx.firmName,
      status: result.status,
      error: result.error,
      errorCode: result.errorCode ?? null,
      summary: result.summary,
      confirmationText: result.confirmationText,
      fieldsFilled: result.fieldsFilled.map((f) => f.label),
      finalUrl: result.finalUrl ?? null,
    };
    const text = await askModel(
      config,
      [
        {
          role: 'system',
          content:
            "You analyse one attempt of a browser automation to submit a startup founder's application on a venture capital firm's website. Using only the facts given, write 2-4 plain sentences for the founder: what happened, whether the application arrived (claim success only if the facts show a confirmation), and what to do next. No markdown.",
        },
        { role: 'user', content: JSON.stringify(facts) },
      ],
      { maxTokens: 220, timeoutMs },
    );
    return text ? { text: text.slice(0, 2000), source: 'llm' as const } : deterministic;
  };
}
