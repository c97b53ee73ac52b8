import type { FailureCode, FormQuestion } from './types';

/** A failure the automation understood; `kind` tells the workflow whether a retry can help. */
export class ApplyFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly kind: 'transient' | 'permanent' = 'permanent',
  ) {
    super(message);
    this.name = 'ApplyFailure';
  }
}

/** Required questions nobody has answered yet: the run ends before sending, waiting for the founder. */
export class NeedsInput extends ApplyFailure {
  constructor(readonly questions: FormQuestion[]) {
    super(
      'needs_input',
      `The form asks ${questions.length === 1 ? 'a question' : `${questions.length} questions`} that your profile and saved answers do not answer: ${questions.map((q) => `"${q.question}"`).join(', ')}. Nothing was sent.`,
    );
    this.name = 'NeedsInput';
  }
}

/** Thrown from inside the flow once the caller aborted; never surfaces as a failure. */
export class StoppedError extends Error {
  constructor() {
    super('Stopped by request');
    this.name = 'StoppedError';
  }
}

/** Maps anything thrown during a run to a failure code and retry kind. */
export function classifyThrown(e: unknown): { code: FailureCode; kind: 'transient' | 'permanent'; message: string } {
  if (e instanceof ApplyFailure) return { code: e.code, kind: e.kind, message: e.message };
  const err = e as Error;
  const message = (err?.message ?? String(e)).split('\n')[0].slice(0, 300);
  if (err?.name === 'TimeoutError')
    return { code: 'timeout', kind: 'transient', message: `The website did not respond in time (${message})` };
  if (/net::ERR_|NS_ERROR|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN/.test(message))
    return { code: 'navigation', kind: 'transient', message: `Could not load the website: ${message}` };
  if (/Target .*closed|has been closed|crash|Browser closed|browser has disconnected|Protocol error/i.test(message))
    return { code: 'browser', kind: 'transient', message: `The browser stopped unexpectedly: ${message}` };
  return { code: 'internal', kind: 'transient', message };
}
