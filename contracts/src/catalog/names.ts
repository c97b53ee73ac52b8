// Display rules for angel investor text (spec 2, Angel investors). The generator in
// infra/src/catalog produces exactly these titles, biography verbs and source tags, so every
// rule here is exercised by seed data.

/**
 * Words that start a trailing biography sentence ('John Doe serves as a partner at …').
 * Matched case-sensitively in lower case, so capitalised name parts are never cut.
 */
export const BIOGRAPHY_VERBS = [
  'serves',
  'served',
  'is',
  'was',
  'joined',
  'founded',
  'co-founded',
  'holds',
  'has',
  'had',
  'leads',
  'brings',
  'currently',
] as const;

const LEADING_TITLE = /^(?:mrs|mr|ms|dr)(?:\.\s*|\s+|$)/i;
// The biography may follow a space, comma or semicolon ('Jane Roe, who…' is not covered), or a
// full stop plus a pronoun ('Jane Roe. She serves as …').
const BIOGRAPHY = new RegExp(`(?:[\\s,;]+|\\.\\s+(?:He|She|They)\\s+)(?:${BIOGRAPHY_VERBS.join('|')})\\b[\\s\\S]*$`);
// A trailing full stop is dropped unless it ends an abbreviation such as 'Jr.' or an initial.
const TRAILING_PUNCTUATION = /(?:[\s,;:–—-]+|(?<!\b(?:Jr|Sr|[A-Z]))\.)+$/;

/**
 * Display name of an angel investor: strips one leading title (Mr., Ms., Mrs., Dr.) and cuts off
 * a trailing biography sentence that starts with one of BIOGRAPHY_VERBS. Falls back to the raw
 * name (trimmed) when nothing is left.
 */
export function cleanInvestorName(raw: string | null | undefined): string {
  const original = (raw ?? '').trim();
  const cleaned = original
    .replace(LEADING_TITLE, '')
    .replace(BIOGRAPHY, '')
    .replace(TRAILING_PUNCTUATION, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || original;
}

/**
 * Source tags stripped from descriptions. The documented set (case-insensitive):
 * - `[Source: Crunchbase]`, `[Sources: A, B]`, `[via LinkedIn]`
 * - `<source>LinkedIn</source>`, `<source name="x"/>`
 * - `(Source: PitchBook)`, `(via LinkedIn)`
 * - citation markers such as `【4†source】`
 */
const SOURCE_TAG_PATTERNS: readonly RegExp[] = [
  /<source\b[^>]*>[\s\S]*?<\/source\s*>/gi,
  /<source\b[^>]*\/>/gi,
  /\[\s*(?:sources?\b|via\s)[^\]]*\]/gi,
  /\(\s*(?:sources?\s*:|via\s)[^)]*\)/gi,
  /【[^】]*】/g,
];

/** Strips the source tags above and bold markers (`**`, `__`), then tidies the spacing. */
export function cleanDescription(s: string | null | undefined): string {
  let text = s ?? '';
  for (const pattern of SOURCE_TAG_PATTERNS) text = text.replace(pattern, ' ');
  return (
    text
      .replace(/\*\*|__/g, '')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      // A removed tag often leaves 'text .' behind.
      .replace(/ +([.,;:!?])/g, '$1')
      .trim()
  );
}
