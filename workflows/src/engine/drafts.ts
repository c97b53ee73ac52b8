import type { FormQuestion, StartupProfile } from '../automation/types';
import { askModel, type LlmConfig } from './llm';

/** Draft answers for questions the founder must answer, one per question (null: no draft). */
export type DraftAnswers = (
  questions: FormQuestion[],
  ctx: { firmName: string; profile: StartupProfile },
) => Promise<(string | null)[]>;

/**
 * Drafts from a language model, only when LLM_URL is set. A draft is a suggestion shown to the
 * founder marked as a draft: it is never put into a form, and never saved to the library, until the
 * founder approves it as their own answer. Without a model there are no drafts (never rule-made text).
 */
export function createDrafts(config: LlmConfig, timeoutMs = 8000): DraftAnswers {
  return async (questions, ctx) => {
    if (!config.llmUrl) return questions.map(() => null);
    return Promise.all(
      questions.map(async (q) => {
        const text = await askModel(
          config,
          [
            {
              role: 'system',
              content:
                "You draft an answer a startup founder may give to one question on a venture capital firm's application form, using only the founder's profile given. If the profile does not support an answer, reply with an empty message. For a question with options, reply with exactly one option. Plain text, at most 120 words.",
            },
            {
              role: 'user',
              content: JSON.stringify({
                firm: ctx.firmName,
                question: q.question,
                options: q.options,
                profile: ctx.profile,
              }),
            },
          ],
          { maxTokens: 300, timeoutMs },
        );
        if (!text) return null;
        if (q.options && !q.options.includes(text)) return null;
        return text.slice(0, 5000);
      }),
    );
  };
}
