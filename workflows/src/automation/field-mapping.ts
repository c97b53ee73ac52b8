// Pure mapping from what a form field says about itself (label, name, placeholder, ARIA, nearby text)
// to the startup-profile value that belongs in it.
import type { FieldTarget, StartupProfile } from './types';

/** What the page tells us about one field. Every property is optional: forms in the wild omit most of them. */
export interface FieldDescriptor {
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  nearbyText?: string;
  name?: string;
  id?: string;
  autocomplete?: string;
  /** input type (text, email, url, tel, number, date, file, password, search, checkbox, radio) or widget kind. */
  inputType?: string;
  kind?: ControlKind;
}

export type ControlKind =
  | 'text'
  | 'textarea'
  | 'contenteditable'
  | 'select'
  | 'listbox'
  | 'combobox'
  | 'radio-group'
  | 'checkbox'
  | 'checkbox-group'
  | 'file';

export interface FieldMatch {
  target: FieldTarget;
  /** Which descriptor property decided it, for debugging and the recap. */
  source: keyof FieldDescriptor;
}

/** Lower-case, camelCase and snake/kebab split into words, punctuation to spaces. */
export function normalizeText(s: string | undefined | null): string {
  return (s ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[’']/g, "'")
    .replace(/[_\-–—.,:;!?()[\]{}/\\|*"“”<>#@+=~`^%$€£→←↵✓]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Rule = readonly [FieldTarget, RegExp];

// Order matters: specific asks ("company website", "deck URL", "how much have you raised") must win
// over the generic words they contain ("company", "url", "raise").
const RULES: readonly Rule[] = [
  ['password', /\bpass ?(word|code)\b/],
  ['captcha', /captcha|not a robot/],
  ['search', /^search\b|\bsearch (the )?site\b|^q$/],
  ['referral', /hear about|referr|how did you (find|learn|hear)|who sent you/],
  ['founderLinkedin', /linked ?in/],
  ['pitchDeck', /\bdeck\b|docsend|\bpresentation\b|\bslides?\b|pitch ?book/],
  ['founderEmail', /\be ?mail\b|\bemail/],
  ['firstName', /\bfirst ?name\b|\bgiven ?name\b|\bforename\b|\bf ?name\b|^first$/],
  ['lastName', /\blast ?name\b|\bsurname\b|\bfamily ?name\b|\bl ?name\b|^last$/],
  ['phone', /\bphone\b|\bmobile\b|\btel(ephone)?\b|whats ?app/],
  ['additionalFounders', /co ?founders?|other founders|additional founders|founding team|tell us about (your|the) (founding )?team|who is on (the|your) team|team members/],
  ['teamSize', /team ?size|company size|size of (the|your) company|\bemployees\b|head ?count|how many (people|employees|team members|ftes?|staff)|number of (employees|people|staff)|\bftes?\b|full ?time|size of (your|the) team/],
  ['founded', /\bfounded\b|\bfounding (year|date)\b|year (of )?(founding|incorporation|establishment)|year (started|established)|incorporat|\bestablished\b|when did you (start|found)/],
  ['existingFunding', /raised (so far|to date|previously|already|before)|have you raised|(existing|previous|prior|past|total|outside) (funding|investment|capital|raised)|funding (so far|to date|history)|already raised|(money|capital) raised/],
  ['raising', /\braising\b|round size|size of (the|your) round|how much (are you|do you|money|capital|funding|is)|\bamount\b|target raise|funding (ask|needed|sought|required|goal|target|amount)|investment (size|amount|sought|needed|required)|\bticket\b|capital (sought|needed|required)|looking to raise|\braise\b/],
  ['stage', /\bstage\b|\bround\b|\bseries\b|funding phase|how far along/],
  ['industry', /industr|\bsector\b|\bvertical\b|\bcategory\b|focus area|\bniche\b|(which|what) space\b/],
  ['revenue', /revenue|\bmrr\b|\barr\b|\bsales\b|\btraction\b|\bturnover\b/],
  ['website', /web ?site|\burl\b|home ?page|web address|\bdomain\b|\bsite\b|\bweb\b|link to (your )?(company|product|startup)/],
  ['location', /location|\bcity\b|\bcountry\b|where (are you|is (the|your) (company|startup|team|business))|based in|\bbased\b|headquarter|\bhq\b|\baddress\b|\bregion\b|\btimezone\b/],
  ['companyName', /\b(company|startup|business|venture) (is )?called\b|\bname of (your|the) (company|startup|business|venture)\b/],
  ['problem', /\bproblem|pain ?point|what pain|challenge (are you|you) solv/],
  ['solution', /\bsolution|how (do|does) (you|your|it) (solve|work|address)|your product|the product|what (have you|are you) built|product description/],
  ['valueProposition', /value prop|\bunique\b|differen|competitive (advantage|edge)|competition|competitors|why (you|us|your team)|why (should|would) (we|anyone) invest|\bmoat\b|unfair advantage/],
  ['oneLineExplanation', /one ?liner|one line|one sentence|single sentence|in a sentence|\btagline\b|elevator pitch|short description|brief description|\bsummary\b|\bheadline\b|in (a few|\d+|ten|twenty) words|\btweet\b/],
  ['detailedDescription', /detailed|in detail|tell us more|long description|more about|full description|elaborate/],
  ['description', /\bdescri(be|ption)\b|what (does|do) (your )?(company|startup|business|team|you)( \w+)? do\b|what are you (building|working on)|what (is|s) your (company|startup|business)|about (your|the) (company|startup|business|venture)|tell us about|what you (are|re) (building|working on)/],
  ['message', /\bmessage\b|\bcomments?\b|anything else|\bnotes?\b|additional (info|information|details|comments)|\binquiry\b|\benquiry\b|how can we help|\bpitch\b|\bquestions?\b|\bdetails\b/],
  ['companyName', /compan|startup|organi[sz]ation|business name|\bventure\b|\bbrand\b|project name|\bfirm\b|\bentity\b/],
  ['role', /\brole\b|job title|\bposition\b|^title$|your title/],
  ['founderName', /full ?name|your name|founders? name|contact name|\bname\b|who are you/],
];

const MARKETING = /newsletter|marketing|subscribe|\bupdates\b|other communications|promotional|\boffers\b|mailing list|news and|keep me (posted|informed)/;
const CONSENT = /agree|accept|consent|\bterms\b|privacy|\bconfirm|acknowledge|certify|understand|gdpr|authori[sz]e|permission|accurate|\btrue\b/;

const AUTOCOMPLETE: Record<string, FieldTarget> = {
  'given-name': 'firstName',
  'family-name': 'lastName',
  name: 'founderName',
  email: 'founderEmail',
  organization: 'companyName',
  url: 'website',
  tel: 'phone',
  'country-name': 'location',
  country: 'location',
  'address-level2': 'location',
  'organization-title': 'role',
};

const TYPE_FALLBACK: Record<string, FieldTarget> = { email: 'founderEmail', url: 'website', tel: 'phone', password: 'password', search: 'search' };

function ruleFor(text: string): FieldTarget | null {
  if (!text) return null;
  for (const [target, re] of RULES) if (re.test(text)) return target;
  return null;
}

/**
 * Decides which profile value a field wants. Human-facing text (label, ARIA, placeholder, nearby text) wins over
 * machine names, because forms often carry generated names like `field_3`. Returns null when unsure: an unknown
 * optional field is better left empty than filled with a guess.
 */
export function classifyField(d: FieldDescriptor): FieldMatch | null {
  const kind = d.kind ?? 'text';
  const ac = (d.autocomplete ?? '').toLowerCase().trim().split(/\s+/).pop() ?? '';
  const type = (d.inputType ?? '').toLowerCase();
  if (type === 'password') return { target: 'password', source: 'inputType' };

  if (kind === 'checkbox') {
    // A lone checkbox is an agreement or an opt-in; anything else (e.g. "Are you remote?") we leave alone.
    for (const source of ['label', 'ariaLabel', 'nearbyText', 'name', 'id'] as const) {
      const t = normalizeText(d[source]);
      if (!t) continue;
      if (MARKETING.test(t)) return { target: 'marketingOptIn', source };
      if (CONSENT.test(t)) return { target: 'consent', source };
    }
    return null;
  }

  if (AUTOCOMPLETE[ac] && kind !== 'file') return { target: AUTOCOMPLETE[ac], source: 'autocomplete' };
  // An <input type=email> wants an e-mail address whatever its (often sample) placeholder says.
  if (type === 'email') return { target: 'founderEmail', source: 'inputType' };
  const sample = isSamplePlaceholder(d.placeholder);
  for (const source of ['label', 'ariaLabel', 'placeholder', 'nearbyText', 'name', 'id'] as const) {
    if (source === 'placeholder' && sample) continue;
    const target = ruleFor(normalizeText(d[source]));
    if (target) return { target, source };
  }
  const hint = sample ? placeholderHint(d.placeholder ?? '') : null;
  if (hint) return { target: hint, source: 'placeholder' };
  if (TYPE_FALLBACK[type]) return { target: TYPE_FALLBACK[type], source: 'inputType' };
  return null;
}

/** Placeholders that show a sample answer ("name@example.com", "https://…") or say nothing ("Type your answer here..."). */
export function isSamplePlaceholder(p: string | undefined): boolean {
  return /@|https?:|www\.|\.com\b|^e\.? ?g\b|example|type (your|an|the) answer|your answer|^enter (your )?answer|^\.\.\.$|^…$|^\d/i.test((p ?? '').trim());
}

function placeholderHint(p: string): FieldTarget | null {
  if (/linkedin\.com/i.test(p)) return 'founderLinkedin';
  if (/docsend|drive\.google|pitch\.com/i.test(p)) return 'pitchDeck';
  if (/@/.test(p)) return 'founderEmail';
  if (/https?:|www\./i.test(p)) return 'website';
  return null;
}

export function splitName(full: string | undefined): { first: string; last: string } {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: '', last: '' };
  if (parts.length === 1) return { first: parts[0], last: '' };
  return { first: parts[0], last: parts.slice(1).join(' ') };
}

function firstSentence(s: string | undefined): string {
  const t = (s ?? '').trim();
  const m = t.match(/^.*?[.!?](\s|$)/);
  return (m ? m[0] : t).trim();
}

/** A short cover note for free-text "message" boxes on contact-style forms, built only from profile facts. */
export function composePitch(p: StartupProfile): string {
  const parts: string[] = [];
  const who = p.founderName ? `I'm ${p.founderName}, founder of ${p.companyName ?? 'our company'}` : p.companyName ? `We are ${p.companyName}` : '';
  if (who) parts.push(`Hi, ${who}${p.website ? ` (${ensureUrl(p.website)})` : ''}.`);
  const what = p.oneLineExplanation || firstSentence(p.description);
  if (what) parts.push(what.replace(/[.\s]*$/, '.'));
  const facts = [p.stage && `${p.stage} stage`, p.industry, p.location && `based in ${p.location}`].filter(Boolean).join(', ');
  if (facts) parts.push(`We are ${facts}.`);
  if (p.raising) parts.push(`We are raising ${p.raising}.`);
  if (p.pitchDeck) parts.push(`Deck: ${p.pitchDeck}`);
  if (p.founderLinkedin) parts.push(`LinkedIn: ${p.founderLinkedin}`);
  return parts.join(' ');
}

export function ensureUrl(v: string): string {
  const t = v.trim();
  if (!t) return t;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t;
  return `https://${t.replace(/^\/+/, '')}`;
}

/** The profile value for a target, or null when the profile has nothing to say (the field stays empty). */
export function valueForTarget(target: FieldTarget, p: StartupProfile): string | null {
  const v = (s: string | undefined) => (s && s.trim() ? s.trim() : null);
  switch (target) {
    case 'firstName':
      return v(splitName(p.founderName).first);
    case 'lastName':
      return v(splitName(p.founderName).last);
    case 'founderName':
      return v(p.founderName);
    case 'website':
      return p.website ? v(ensureUrl(p.website)) : null;
    case 'founderLinkedin':
      return p.founderLinkedin ? v(ensureUrl(p.founderLinkedin)) : null;
    case 'pitchDeck':
      return p.pitchDeck ? v(ensureUrl(p.pitchDeck)) : null;
    case 'description':
      return v(p.description) ?? v(p.oneLineExplanation) ?? v(p.detailedDescription);
    case 'oneLineExplanation':
      return v(p.oneLineExplanation) ?? v(firstSentence(p.description));
    case 'detailedDescription':
      return v(p.detailedDescription) ?? v(p.description);
    case 'message':
      return v(composePitch(p));
    case 'role':
      return p.founderName ? 'Founder' : null;
    case 'consent':
      return 'yes';
    case 'marketingOptIn':
    case 'phone':
    case 'password':
    case 'captcha':
    case 'referral':
    case 'search':
      return null;
    default:
      return v(p[target]);
  }
}

/** Parses "$2M", "1.5 million", "€500k", "2,000,000" into a number. */
export function parseMoney(s: string | undefined): number | null {
  if (!s) return null;
  const m = s.replace(/,(?=\d{3}\b)/g, '').match(/(\d+(?:\.\d+)?)\s*(k|thousand|m|mm|mn|million|b|bn|billion)?\b/i);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  const mult = unit.startsWith('k') || unit === 'thousand' ? 1e3 : unit.startsWith('b') ? 1e9 : unit.startsWith('m') ? 1e6 : 1;
  return n * mult;
}

export function extractYear(s: string | undefined): string | null {
  const m = (s ?? '').match(/\b(19|20)\d{2}\b/);
  return m ? m[0] : null;
}

/** Adapts a profile value to the input it goes into (number/date/url inputs, maxlength). */
export function formatForInput(value: string, target: FieldTarget, input: { inputType?: string; maxLength?: number }): string | null {
  const type = (input.inputType ?? 'text').toLowerCase();
  let out = value;
  if (type === 'number' || type === 'range') {
    if (target === 'founded') out = extractYear(value) ?? '';
    else if (target === 'teamSize') out = (value.match(/\d+/) ?? [''])[0];
    else {
      const n = parseMoney(value);
      out = n === null ? '' : String(Math.round(n));
    }
    if (!out) return null;
  } else if (type === 'date') {
    const y = extractYear(value);
    if (!y) return null;
    out = `${y}-01-01`;
  } else if (type === 'month') {
    const y = extractYear(value);
    if (!y) return null;
    out = `${y}-01`;
  } else if (type === 'url') {
    out = ensureUrl(value);
  } else if (type === 'email' && !/@/.test(value)) {
    return null;
  }
  if (input.maxLength && input.maxLength > 0 && out.length > input.maxLength) {
    const cut = out.slice(0, input.maxLength);
    const space = cut.lastIndexOf(' ');
    out = space > 0 ? cut.slice(0, space) : cut; // never cut a word in half when a whole one fits
  }
  return out;
}
