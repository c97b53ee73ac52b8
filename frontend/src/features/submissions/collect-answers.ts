/** The founder's typed answers to a run's questions, and the error to show when a required one is empty. */
export function collectAnswers(
  questions: readonly { question: string; required?: boolean }[],
  values: Record<string, string | undefined>,
): { answers: { question: string; answer: string }[]; error: string | null } {
  const answers = questions
    .map((q) => ({ question: q.question, answer: (values[q.question] ?? '').trim() }))
    .filter((a) => a.answer);
  const missing = questions.filter((q) => q.required && !answers.some((a) => a.question === q.question));
  return {
    answers,
    error: missing.length
      ? `Answer every required question: ${missing.map((q) => `“${q.question}”`).join(', ')}.`
      : null,
  };
}
