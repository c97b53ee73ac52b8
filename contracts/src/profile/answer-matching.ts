// Which saved answer fits a question a form asks, by meaning rather than by exact wording: words
// normalised (lower case, punctuation gone), filler words dropped, a light stemmer, a synonym table,
// and a word-overlap score with a threshold. Pure and deterministic: no model is involved, so a
// match can be explained ("why now" ≈ "why is now the right time").

/** At or above this score an answer is used as it is (the founder wrote it for that question). */
export const ANSWER_MATCH_THRESHOLD = 0.6;
/** Between this and the threshold an answer is only offered to the founder as a suggestion. */
export const ANSWER_SUGGESTION_THRESHOLD = 0.3;

const STOPWORDS = new Set(
  (
    'a an the and or of to for in on at by with from as is are was were be been being do does did have has had having it its this that these those ' +
    'what which who whom whose how much many please tell us me our we you your yours i my describe explain share give provide list briefly brief short ' +
    'about any some can could would will should may might there here so far date currently current yet also just very into up out if than then'
  ).split(' '),
);

// Phrases first (they span words), then single stems; each maps to one canonical word.
const PHRASES: readonly [RegExp, string][] = [
  [/\bright (time|moment)\b|\bwhy today\b/g, ' now '],
  [/\bvalue prop(osition)?\b|\bunfair advantage\b|\bcompetitive (edge|advantage)\b/g, ' advantage '],
  [/\bco ?founders?\b|\bfounding team\b/g, ' team '],
  [/\bgo to market\b/g, ' gtm '],
  [/\bbusiness model\b/g, ' monetise '],
  [/\bpain ?points?\b/g, ' problem '],
  [/\bhow (big|large)\b/g, ' size '],
  [/\bone (line|sentence)\b|\bone liner\b|\belevator pitch\b/g, ' oneline '],
];

const SYNONYMS: Record<string, string> = {};
const group = (canonical: string, words: string[]) => {
  for (const w of [canonical, ...words]) SYNONYMS[w] = canonical;
};
group('now', ['timing', 'today', 'moment']);
group('traction', ['growth', 'grow', 'metric', 'kpi', 'progress', 'revenue', 'mrr', 'arr', 'sale', 'milestone']);
group('problem', ['pain', 'challenge', 'issue']);
group('solution', ['solve', 'product', 'offering', 'build']);
group('advantage', ['differ', 'different', 'differentiate', 'unique', 'edge', 'moat', 'special']);
group('competitor', ['competition', 'compete', 'competitive', 'alternative', 'rival']);
group('team', ['founder', 'people', 'member', 'staff']);
group('raise', ['fund', 'funding', 'invest', 'investment', 'investor', 'capital', 'round', 'money']);
group('customer', ['client', 'user', 'buyer']);
group('company', ['startup', 'business', 'venture']);
group('market', ['tam', 'sam', 'industry', 'sector']);
// Pricing is part of a business model, not the same question: "What is your pricing?" is not answered by the model.
group('monetise', ['monetize']);
group('oneline', ['tagline', 'summary', 'summarise', 'summarize']);

/** A deliberately small stemmer: plural and verb endings, enough to equate "solving" and "solves". */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 6 && w.endsWith('ation')) w = w.slice(0, -5);
  // "solv" (solving, solved) and "solve" are one word
  if (/[^aeiou]v$/.test(w)) w = `${w}e`;
  return w;
}

/** The question's meaningful words, normalised, stemmed and mapped onto their synonym group. */
export function questionWords(text: string): string[] {
  let t = ` ${text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const [re, canonical] of PHRASES) t = t.replace(re, canonical);
  const out = new Set<string>();
  for (const raw of t.split(' ')) {
    if (!raw || STOPWORDS.has(raw)) continue;
    const s = stem(raw);
    if (STOPWORDS.has(s)) continue;
    out.add(SYNONYMS[raw] ?? SYNONYMS[s] ?? s);
  }
  return [...out];
}

/** 0..1: how much two questions ask the same thing (Dice overlap of their meaningful words). */
export function questionSimilarity(a: string, b: string): number {
  const A = new Set(questionWords(a));
  const B = new Set(questionWords(b));
  if (!A.size || !B.size) return 0;
  let shared = 0;
  for (const w of A) if (B.has(w)) shared++;
  return (2 * shared) / (A.size + B.size);
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

/**
 * The saved answer that best fits `question`, with its score, or null below `threshold`. The very
 * same question (case and punctuation aside) wins outright; otherwise ties go to the earlier entry (callers list the founder's own answers before the profile's).
 */
export function bestAnswer<T extends QuestionAnswer>(
  question: string,
  library: readonly T[],
  threshold = ANSWER_MATCH_THRESHOLD,
): { entry: T; score: number } | null {
  // The founder's answer to this very question wins over answers to questions that merely mean the same.
  const exact = library.find((e) => sameQuestion(e.question, question));
  if (exact) return { entry: exact, score: 1 };
  let best: { entry: T; score: number } | null = null;
  for (const entry of library) {
    const score = questionSimilarity(question, entry.question);
    if (score >= threshold && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}

/** The same question, written differently only in case, spaces or punctuation. */
export function sameQuestion(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return norm(a) === norm(b);
}
