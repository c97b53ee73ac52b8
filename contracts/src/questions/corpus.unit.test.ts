import { describe, expect, it } from 'vitest';
import { CORPUS } from './corpus';
import { evaluateCorpus } from './evaluate';

describe('the labelled corpus', () => {
  const figures = evaluateCorpus();

  it('holds at least 400 questions, each labelled with a known outcome', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(400);
    for (const e of CORPUS) expect(e.expected).toMatch(/^(ask|answer:[a-z-]+|[a-zA-Z]+)$/);
  });

  it('never answers a question automatically with the wrong intent', () => {
    const wrong = figures.wrong.map(
      (o) => `"${o.entry.question}" (${o.entry.control}): expected ${o.entry.expected}, got ${o.got} — ${o.why}`,
    );
    expect(wrong).toEqual([]);
    expect(figures.precision).toBe(1);
  });

  it('answers at least 80 % of the answerable questions without asking', () => {
    expect(figures.coverage).toBeGreaterThanOrEqual(0.8);
  });
});
