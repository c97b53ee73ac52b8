// Long file: the model and its helpers (clauses, kinds, parties, hints) read every question together; splitting them would scatter one decision.
// What a form's question asks: which intent (if any) covers the whole question with the right kind of value.
// Pure and deterministic, so every decision can be explained ("covers 3 of 3 words"; "asks about an investor").
// A question no single intent covers confidently is not answered by the automation: it goes to the founder.
import { PROFILE_INTENTS, type Intent, type Party, type ValueKind } from './intents';

/** Share of a question's meaningful words one intent must explain for the question to be answered automatically. */
export const QUESTION_THRESHOLD = 0.85;

/** The field as the page presents it. */
export interface QuestionInput {
  /** The question as a screen reader finds it (label, aria, legend, the text before the field). */
  text: string;
  /** The placeholder, when it is not a sample answer: used as the question only when there is no text. */
  hint?: string;
  /** name / id attributes: used only when the page offers no human text at all. */
  machineName?: string;
  /** The autocomplete token (given-name, email, organization…): a machine statement of what the field holds. */
  autocomplete?: string;
  /** Input type (text, email, url, tel, number, date, month, checkbox…) or widget kind (select, radio-group…). */
  inputType?: string;
  /** The control's kind (text, textarea, select, radio-group, checkbox, listbox, combobox…). */
  control?: string;
}

export type AskReason =
  'identifier' | 'other_party' | 'compound' | 'kind_mismatch' | 'below_threshold' | 'no_intent' | 'no_text';

export type QuestionDecision =
  | { answer: true; intent: Intent; confidence: number; why: string }
  | { answer: false; reason: AskReason; why: string; /** the nearest intent, for the explanation */ nearest?: string };

const CHOICE_CONTROLS = new Set(['select', 'radio-group', 'checkbox-group', 'listbox', 'combobox', 'cards']);

/** Words any question may hold without asking for anything (articles, pronouns, "please tell us"). */
const NEUTRAL = new Set(
  (
    'a an the and or of to for in on at by with from as is are was were be been being do does did have has it its this that these those what which how ' +
    'please kindly tell us me our we you your yours i my describe explain share give provide list briefly brief short enter type here answer below ' +
    'if any optional required currently current s e g eg etc also just very can could would will should may might there'
  ).split(' '),
);

/** Clauses that only instruct (length, examples, optionality) and ask nothing themselves. */
const INSTRUCTION =
  /^(e ?g|eg|for example|for instance|i e|max|maximum|up to|no more than|at most|less than|(in )?(\d+|one|two|three|a few|few) (words|sentences|characters|chars|lines)|\d+ (words|characters|chars)|optional|required|if (applicable|any|relevant)|please be (brief|concise|specific)|be (brief|concise|specific)|keep it (short|brief)|in usd|in eur|usd|eur|gbp|yyyy|mm|dd|select (one|all)|choose (one|all)|pick one|one answer|check all)/;

/** Registration, tax and company numbers: never answered from the profile (it holds none). */
const IDENTIFIER =
  /\b(registration|reg|company|companies house|tax|vat|tin|crn|duns|ein|abn|acn|siren|siret|kvk|ust|utr|business|national|passport|social security|ssn|licen[cs]e|eori|lei|uei|charity|incorporation|entity|employer|fiscal|trade register|commercial register|chamber of commerce|id) (number|no|num|id|code|identifier|nr)\b|\b(ein|vat|ssn|duns|uei|crn|abn|utr|siret|siren|kvk|lei|eori)\b|^id$/;

/** Mentions of parties other than the startup and the founder. */
const PARTIES: readonly [Party, RegExp][] = [
  [
    'investor',
    /\binvestors?\b|\bbackers?\b|\bvcs?\b|\bangel investors?\b|\blead (investor|vc)\b|\bshareholders?\b|\bcap table\b|\bfunds? (that|who)\b|\bexisting investors\b/,
  ],
  [
    'referrer',
    /\breferr\w*|\brecommended you\b|\bintroduc(ed|tion|er)\b|\bwho sent you\b|\bhear about\b|\bfind out about\b|\blearn about us\b|\bheard of us\b|\bscout\b/,
  ],
  [
    'cofounder',
    /\bco ?founders?\b|\bother founders?\b|\bfounding team\b|\bfounders\b|\bteam members?\b|\bfounding partners?\b/,
  ],
  [
    'third_party',
    /\breferences?\b|\badvisors?\b|\bmentors?\b|\bboard\b|\bcustomers?\b|\bclients?\b|\bcompetitors?\b|\bcompetition\b|\bcompete\b|\bincumbents?\b|\bparents?\b|\bspouse\b|\bemergency\b|\bsupervisor\b|\bprofessor\b|\bemployer\b|\blawyer\b|\baccountant\b|\bacquir\w*|\bsuppliers?\b|\bpartners?\b|\bportfolio\b|\buniversity\b|\bguardian\b|\bwitness\b|\bsponsor\b|\buser\b|\busers\b/,
  ],
];

/** Sample answers inside a question ("(https://…)", "(e.g. Acme Ltd)", "(name@example.com)") are not part of what it asks. */
function withoutSamples(text: string): string {
  return withoutHints(text).replace(/\(([^)]*)\)/g, (m, inner: string) =>
    /https?:|www\.|@|…|\.\.\.|\be\.?g\b|\bfor example\b|\bsuch as\b/i.test(inner) ? ' ' : m,
  );
}

/** Words that say how to write the answer (its length, format or start), not what it is. */
const HINT =
  /\b(max|maximum|min|minimum|up to|no more than|at most|characters?|chars|words?|sentences?|starting|start|starts|begin|begins|beginning|include|including|format|https?|optional|required|city|country|first and last|we will|we'll|reply)\b/i;

/**
 * A hint in brackets or after a dash ("Company website (starting with http)", "Company name — max 100
 * characters") says how to write the answer, not what it is: it is dropped before the question is read.
 * Brackets that narrow the question ("(names and roles)", "(month/year)", "(as registered)") stay.
 */
function withoutHints(text: string): string {
  return text
    .replace(/\(([^)]*)\)/g, (m, inner: string) =>
      HINT.test(inner) && !/\brole|\bname|\bmonth\b/i.test(inner) ? ' ' : m,
    )
    .replace(/\s[—–-]\s+([^?]*)$/, (m, tail: string) => (HINT.test(tail) ? '' : m))
    .trim();
}

/** The words a normalised question consists of. */
export function normaliseQuestion(s: string | undefined | null): string {
  return (s ?? '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\(\s*(required|optional)\s*\)|\*/gi, ' ')
    .replace(/^\s*\d+\s*(→|->|\.|\)|:)\s*/, '')
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/&/g, ' and ')
    .replace(/\be[\s-]?mail/g, 'email')
    .replace(/\bco[\s-]founder/g, 'cofounder')
    .replace(/\bcofounder/g, 'co founder')
    .replace(/\bfull[\s-]time\b/g, 'full time')
    .replace(/\bpre[\s-]?money\b/g, 'pre money')
    .replace(/\bpost[\s-]?money\b/g, 'post money')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Clauses that only say what form the answer takes ("in one sentence"): not a second question, but part of the meaning. */
const FORMAT =
  /^(in )?(one|a single|a|\d+|a few|few|ten|twenty|fifty) (sentence|line|tweet|words?|paragraph)s?( or (less|fewer))?$/;

function splitClauses(text: string): string[] {
  return withoutSamples(text)
    .replace(/\([^)]*\)/g, (m) => (/\b(optional|required|max|up to|usd|eur|yyyy)\b/i.test(m) ? ' ' : m))
    .split(
      /[?;]|\.\s|\.$|:\s|\n|,\s*(?=(?:and\s+)?(?:what|how|why|who|whom|which|where|when)\b)|\s(?:and|or)\s+(?=(?:what|how|why|who|whom|whose|which|where|when|do|does|did|are|is|have|has|can|will)\b)|\sand\s+(?=for\s+(?:whom|who)\b)/i,
    )
    .map(normaliseQuestion)
    .filter((c) => c && !INSTRUCTION.test(c) && c.split(' ').some((w) => !NEUTRAL.has(w)));
}

/** The question's clauses that ask something (instructions, examples and answer formats dropped). */
export function askingClauses(text: string): string[] {
  return splitClauses(text).filter((c) => !FORMAT.test(c));
}

/** What the question means: its asking clauses and the answer format it wants, without instructions. */
function meaningOf(text: string): string {
  return splitClauses(text).join(' ');
}

/** The kinds of value the question's wording (and its input) asks for; empty when the wording says nothing. */
export function wantedKinds(raw: string, q: QuestionInput): ValueKind[] {
  const type = (q.inputType ?? '').toLowerCase();
  const control = (q.control ?? '').toLowerCase();
  if (type === 'email') return ['email'];
  if (type === 'url') return ['url'];
  if (type === 'tel') return ['phone'];
  if (type === 'number' || type === 'range') return ['count', 'money', 'percentage', 'year'];
  if (type === 'date' || type === 'month' || type === 'datetime-local') return ['date'];
  if (control === 'checkbox') return ['yes_no'];
  const t = raw.toLowerCase().trim();
  const n = normaliseQuestion(raw);
  const kinds: ValueKind[] = [];
  if (/\bhow many\b|\bnumber of\b/.test(n)) kinds.push('count');
  if (/^how much\b|\bamount\b|\bvaluation\b|[$€£]|\b(usd|eur|gbp)\b/.test(t) || /^how much\b/.test(n))
    kinds.push('money');
  if (/%|\bpercent|\bpercentage\b|\bequity\b|\bstake\b|\bownership\b/.test(t)) kinds.push('percentage');
  if (/\bdate\b(?<!\bto date)|\bwhen\b|\bdd ?\/ ?mm|\byyyy\b|\bmm ?\/ ?dd\b/.test(t)) kinds.push('date', 'year');
  else if (/\byear\b/.test(n)) kinds.push('year');
  if (
    /^(is|are|do|does|did|have|has|had|was|were|will|would|can|could|should)\b/.test(n) &&
    !/\bor\b/.test(n) &&
    !/^is there anything\b/.test(n)
  )
    kinds.push('yes_no');
  if (/\(?\b(yes ?\/ ?no|y ?\/ ?n)\b\)?/.test(t)) kinds.push('yes_no');
  if (/^who\b/.test(n)) kinds.push('person_name', 'free_text');
  if (/\bnames?\b/.test(n)) kinds.push('person_name', 'company_name');
  // A choice's options are matched by what the wording wants (a stage, a range, yes/no); without wording, any choosable value.
  if (kinds.length === 0 && CHOICE_CONTROLS.has(control)) return ['choice'];
  return kinds;
}

/** The parties, other than the startup and the founder, that the question mentions. */
export function partiesOf(n: string): Party[] {
  return PARTIES.filter(([, re]) => re.test(n)).map(([p]) => p);
}

function wordSet(words: string | undefined): Set<string> {
  return new Set((words ?? '').split(/\s+/).filter(Boolean));
}

/** Share of the clause's meaningful words the intent explains (cue phrases, its own words), and whether a cue is present. */
function coverage(intent: Intent, n: string): { score: number; cue: boolean; unexplained: string[] } {
  const explained = new Set<number>();
  const tokens = n.split(' ').filter(Boolean);
  // Token positions inside cue matches.
  const starts: number[] = [];
  let pos = 0;
  for (const t of tokens) {
    starts.push(pos);
    pos += t.length + 1;
  }
  let cue = false;
  for (const re of intent.cues) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of n.matchAll(g)) {
      cue = true;
      const from = m.index ?? 0;
      const to = from + m[0].length;
      tokens.forEach((_, i) => {
        if (starts[i] >= from && starts[i] < to) explained.add(i);
      });
    }
  }
  const own = wordSet(intent.words);
  const content = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !NEUTRAL.has(t) && !/^\d+$/.test(t));
  const unexplained = content.filter(({ t, i }) => !explained.has(i) && !own.has(t)).map(({ t }) => t);
  const score = content.length === 0 ? (cue ? 1 : 0) : (content.length - unexplained.length) / content.length;
  return { score, cue, unexplained };
}

/** Kinds of value a choice (select, radio, cards) can represent: an option is matched by stage, range or meaning. */
const CHOOSABLE = new Set<ValueKind>(['choice', 'count', 'money', 'date', 'year']);
const fits = (intent: Intent, kinds: ValueKind[]) =>
  kinds.length === 0 || kinds.some((k) => intent.accepts.includes(k) || (k === 'choice' && CHOOSABLE.has(intent.kind)));

/** The text the model reads: the question as a person sees it, else the placeholder, else the machine name. */
function questionText(q: QuestionInput): string {
  if (q.text.trim()) return withoutSamples(q.text);
  if (q.hint?.trim()) return q.hint;
  return machineWords(q.machineName ?? '');
}

/** `company_name`, `firstname`, `q3_fullName[first]` as words. */
function machineWords(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.[\]\d]+/g, ' ')
    .replace(
      /\b(first|last|company|startup|full|family|given|founder|funding|team|business|contact|work)(name|email|size|stage|url|phone|website|amount)\b/g,
      '$1 $2',
    )
    .replace(/\b(f|l)name\b/g, (_, x: string) => (x === 'f' ? 'first name' : 'last name'))
    .replace(/\s+/g, ' ')
    .trim();
}

const AUTOCOMPLETE: Record<string, string> = {
  'given-name': 'firstName',
  'family-name': 'lastName',
  name: 'founderName',
  email: 'founderEmail',
  organization: 'companyName',
  url: 'website',
  tel: 'phone',
  'organization-title': 'role',
};

/**
 * Which intent answers the question, or why the founder must. `intents` defaults to the profile's; a
 * caller may add more (the founder's answer library as intents of its own).
 */
export function decideQuestion(q: QuestionInput, intents: readonly Intent[] = PROFILE_INTENTS): QuestionDecision {
  const raw = questionText(q);
  const n = normaliseQuestion(raw);
  const control = (q.control ?? '').toLowerCase();
  const type = (q.inputType ?? '').toLowerCase();
  if (type === 'password')
    return {
      answer: true,
      intent: intents.find((i) => i.id === 'password') as Intent,
      confidence: 1,
      why: 'a password field',
    };

  if (control === 'checkbox') {
    // A lone checkbox is an agreement or an opt-in (marketing first: "I agree to receive updates" is an opt-in).
    for (const id of ['marketingOptIn', 'consent']) {
      const intent = intents.find((i) => i.id === id);
      if (intent && intent.cues.some((re) => re.test(n)))
        return {
          answer: true,
          intent,
          confidence: 1,
          why: `a ${id === 'consent' ? 'consent' : 'marketing opt-in'} box`,
        };
    }
    return { answer: false, reason: 'no_intent', why: 'a checkbox that is neither an agreement nor an opt-in' };
  }
  if (!n) {
    const ac = (q.autocomplete ?? '').toLowerCase().trim().split(/\s+/).pop() ?? '';
    const byAc = AUTOCOMPLETE[ac] && intents.find((i) => i.id === AUTOCOMPLETE[ac]);
    if (byAc && fits(byAc, wantedKinds('', q)))
      return { answer: true, intent: byAc, confidence: 1, why: `autocomplete="${ac}"` };
    const byType = { email: 'founderEmail', url: 'website', tel: 'phone' }[type];
    const t = byType && intents.find((i) => i.id === byType);
    if (t) return { answer: true, intent: t, confidence: 1, why: `an unlabelled ${type} input` };
    return { answer: false, reason: 'no_text', why: 'the field has no question text' };
  }

  const controlIntent = intents.find((i) => i.control && i.cues.some((re) => re.test(n)));
  if (controlIntent) return { answer: true, intent: controlIntent, confidence: 1, why: `a ${controlIntent.id} field` };
  if (IDENTIFIER.test(n))
    return { answer: false, reason: 'identifier', why: 'asks for an identifier (registration, tax or company number)' };

  const clauses = askingClauses(raw);
  const meaning = meaningOf(raw);
  const whole = meaning || n;
  const kinds = wantedKinds(raw, q);
  const parties = partiesOf(n);
  const candidates = intents.filter((i) => !i.control && !i.checkboxOnly);

  let best: { intent: Intent; score: number; unexplained: string[] } | null = null;
  let second = 0;
  let nearest: { intent: Intent; reason: AskReason; why: string } | null = null;
  for (const intent of candidates) {
    const c = coverage(intent, whole);
    if (!c.cue) continue;
    if (intent.ruleOut?.some((re) => re.test(n))) {
      nearest ??= { intent, reason: 'no_intent', why: `"${intent.id}" is ruled out by the wording` };
      continue;
    }
    const others = parties.filter((p) => p !== intent.subject && !(intent.parties ?? []).includes(p));
    if (others.length) {
      nearest = {
        intent,
        reason: 'other_party',
        why: `asks about ${others.map((p) => (p === 'third_party' ? 'a third party' : `a ${p}`)).join(' and ')}, not the ${intent.subject}`,
      };
      continue;
    }
    if (!fits(intent, kinds)) {
      nearest ??= {
        intent,
        reason: 'kind_mismatch',
        why: `wants ${kinds.join('/')}, "${intent.id}" gives ${intent.kind}`,
      };
      continue;
    }
    if (!best || c.score > best.score) {
      second = best?.score ?? second;
      best = { intent, score: c.score, unexplained: c.unexplained };
    } else second = Math.max(second, c.score);
  }
  if (
    clauses.length > 1 &&
    !(
      best &&
      clauses.every((cl) => {
        const c = coverage(best!.intent, cl);
        return c.cue && c.score >= QUESTION_THRESHOLD;
      })
    )
  ) {
    return {
      answer: false,
      reason: 'compound',
      why: `asks ${clauses.length} things at once`,
      nearest: best?.intent.id ?? nearest?.intent.id,
    };
  }
  // "Describe the problem and your solution": two topics joined in one ask; one topic's answer is half an answer.
  if (best && /\band\b/.test(n)) {
    const topics = candidates.filter(
      (i) => i.kind === 'free_text' && i.subject === 'startup' && i.cues.some((re) => re.test(n)),
    );
    if (topics.length > 1 && topics.includes(best.intent))
      return {
        answer: false,
        reason: 'compound',
        why: `asks for ${topics.map((i) => i.id).join(' and ')} at once`,
        nearest: best.intent.id,
      };
  }
  if (!best && type === 'email' && parties.length === 0 && !nearest) {
    const email = intents.find((i) => i.id === 'founderEmail');
    if (email) return { answer: true, intent: email, confidence: 1, why: 'an e-mail input about nobody else' };
  }
  if (!best) {
    if (nearest) return { answer: false, reason: nearest.reason, why: nearest.why, nearest: nearest.intent.id };
    return { answer: false, reason: 'no_intent', why: 'nothing the profile or your answers hold is asked here' };
  }
  if (best.score < QUESTION_THRESHOLD) {
    return {
      answer: false,
      reason: 'below_threshold',
      why: `"${best.intent.id}" explains ${Math.round(best.score * 100)} % of the question (not: ${best.unexplained.join(', ')})`,
      nearest: best.intent.id,
    };
  }
  if (second >= best.score)
    return {
      answer: false,
      reason: 'below_threshold',
      why: `more than one answer fits equally well`,
      nearest: best.intent.id,
    };
  // An autocomplete token narrows a name field the label calls just "Name" (given-name, family-name).
  const ac = (q.autocomplete ?? '').toLowerCase().trim().split(/\s+/).pop() ?? '';
  if (best.intent.id === 'founderName' && (ac === 'given-name' || ac === 'family-name')) {
    const narrowed = intents.find((i) => i.id === AUTOCOMPLETE[ac]);
    if (narrowed)
      return { answer: true, intent: narrowed, confidence: best.score, why: `a name field with autocomplete="${ac}"` };
  }
  return {
    answer: true,
    intent: best.intent,
    confidence: best.score,
    why: `"${best.intent.id}" covers the whole question`,
  };
}
