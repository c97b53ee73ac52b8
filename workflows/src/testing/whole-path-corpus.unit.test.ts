import { describe, expect, it } from 'vitest';
import { WHOLE_PATH_CORPUS, evaluateWholePath, type PathOutcome } from '.';

const show = (o: PathOutcome) =>
  o.kind === 'value'
    ? `"${o.value}"`
    : o.kind === 'option'
      ? `option "${o.label}"`
      : o.kind === 'file'
        ? `file ${o.docKind}`
        : o.kind;

describe('the whole-path corpus (label → value → option → upload → tick box)', () => {
  const f = evaluateWholePath();
  const line = (r: (typeof f.failures)[number]) =>
    `[${r.entry.founder}] ${r.entry.control}${r.entry.required ? '*' : ''} "${r.entry.question}": expected ${show(r.entry.expected)}, got ${show(r.got)} — ${r.why}`;

  it('holds at least 300 entries over every control kind, each with its outcome', () => {
    expect(WHOLE_PATH_CORPUS.length).toBeGreaterThanOrEqual(300);
    const kinds = new Set(WHOLE_PATH_CORPUS.map((e) => e.control));
    for (const k of [
      'text',
      'textarea',
      'number',
      'tel',
      'email',
      'url',
      'date',
      'month',
      'select',
      'radio',
      'buttons',
      'listbox',
      'checkbox',
      'file',
    ])
      expect(kinds, k).toContain(k);
  });

  it('sends nothing the founder did not give for that question', () => {
    expect(f.failures.filter((r) => r.invented).map(line)).toEqual([]);
    expect(f.invented).toBe(0);
  });

  it('never picks a wrong option, value or file', () => {
    expect(f.failures.filter((r) => !r.invented).map(line)).toEqual([]);
    expect(f.wrongOptions).toBe(0);
    expect(f.precision).toBe(1);
  });

  it('answers at least 90 % of what the founder already gave without asking', () => {
    expect(f.coverage, f.missed.map(line).join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
