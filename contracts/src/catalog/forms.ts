// The registry of application forms: what a visit to a firm's website found, and what it means for
// applying. Pure, shared by server and browser. Only zod is imported.
import { z } from 'zod';

const FORM_KINDS = [
  'native',
  'typeform',
  'google_forms',
  'hubspot',
  'airtable',
  'tally',
  'jotform',
  'other_embed',
] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** What a check ended with. Only found / no_form / blocked say something about the firm; the rest mean "unknown". */
export const FORM_OUTCOMES = [
  'found',
  'no_form',
  'blocked',
  'unreachable',
  'robots_disallowed',
  'reserved_domain',
  'no_website',
] as const;
export type FormOutcome = (typeof FORM_OUTCOMES)[number];

const FORM_BLOCKERS = ['captcha', 'login', 'email_only', 'file_upload_required'] as const;
export type FormBlocker = (typeof FORM_BLOCKERS)[number];

/** Blockers the automation cannot get past (a required file it attaches the founder's deck to). */
export const UNPASSABLE_BLOCKERS: readonly FormBlocker[] = ['captcha', 'login', 'email_only'];

/** Blockers the founder gets past themselves in the live view: a CAPTCHA, a sign-in. */
const LIVE_VIEW_BLOCKERS: readonly FormBlocker[] = ['captcha', 'login'];

const formFieldSchema = z.strictObject({
  label: z.string().max(200),
  /** The control: text, email, textarea, select, radio-group, file… */
  type: z.string().max(40),
  required: z.boolean(),
  /** What the automation reads the field as asking (a profile field), when it knows. */
  asks: z.string().max(40).nullable(),
});

export const firmFormEntrySchema = z.strictObject({
  firmId: z.string(),
  outcome: z.enum(FORM_OUTCOMES),
  url: z.string().nullable(),
  kind: z.enum(FORM_KINDS).nullable(),
  fields: z.array(formFieldSchema),
  blockers: z.array(z.enum(FORM_BLOCKERS)),
  /** Why the check ended as it did, in words (unreachable, blocked…). */
  detail: z.string().nullable(),
  checkedAt: z.string(),
});
export type FirmFormEntry = z.infer<typeof firmFormEntrySchema>;

/**
 * usable: the automation applies alone; needs_you: it applies once the founder passes a CAPTCHA or a
 * sign-in in the live view; unusable: no way in online; unknown: no check said.
 */
export type FormUsability = 'usable' | 'needs_you' | 'unusable' | 'unknown';

/** Whether the automation can apply through the registered form: unknown unless a check said so. */
export function formUsability(e: Pick<FirmFormEntry, 'outcome' | 'blockers'> | null | undefined): FormUsability {
  if (!e) return 'unknown';
  if (e.outcome === 'no_form') return 'unusable';
  if (e.outcome !== 'found' && e.outcome !== 'blocked') return 'unknown';
  const hard = e.blockers.filter((b) => UNPASSABLE_BLOCKERS.includes(b));
  if (hard.length === 0) return e.outcome === 'found' ? 'usable' : 'unknown';
  return hard.every((b) => LIVE_VIEW_BLOCKERS.includes(b)) ? 'needs_you' : 'unusable';
}

/**
 * The verdict the search index and the fit keep: true the founder can apply online (alone, or with
 * them in the live view), false no way in online, null not known.
 */
export function formAcceptsOnline(e: Pick<FirmFormEntry, 'outcome' | 'blockers'> | null | undefined): boolean | null {
  const u = formUsability(e);
  return u === 'usable' || u === 'needs_you' ? true : u === 'unusable' ? false : null;
}

/**
 * A form whose only obstacles are ones the founder passes in the live view (a CAPTCHA, a sign-in):
 * offered with "needs you in the live view" rather than skipped; the run waits there for them.
 */
export function formNeedsYou(e: Pick<FirmFormEntry, 'outcome' | 'blockers'> | null | undefined): boolean {
  return formUsability(e) === 'needs_you';
}

/** What the founder will do in the live view for such a form (CAPTCHA first), or null when nothing. */
export function formLiveViewBlockers(
  e: Pick<FirmFormEntry, 'outcome' | 'blockers'> | null | undefined,
): ('captcha' | 'login')[] | null {
  if (!formNeedsYou(e)) return null;
  return (['captcha', 'login'] as const).filter((b) => e!.blockers.includes(b));
}

export const FORM_KIND_LABELS: Record<FormKind, string> = {
  native: 'HTML form on the site',
  typeform: 'Typeform',
  google_forms: 'Google Forms',
  hubspot: 'HubSpot',
  airtable: 'Airtable',
  tally: 'Tally',
  jotform: 'Jotform',
  other_embed: 'Embedded form',
};

export const FORM_BLOCKER_LABELS: Record<FormBlocker, string> = {
  captcha: 'CAPTCHA',
  login: 'Login required',
  email_only: 'E-mail only',
  file_upload_required: 'File upload required',
};

export const FORM_OUTCOME_LABELS: Record<FormOutcome, string> = {
  found: 'Form found',
  no_form: 'No form',
  blocked: 'Blocked',
  unreachable: 'Unreachable',
  robots_disallowed: 'Disallowed by robots.txt',
  reserved_domain: 'Reserved domain',
  no_website: 'No website',
};

/** The VC table's badge: what the registry knows, or null (nothing shown) when it knows nothing useful. */
export function formBadge(
  e: Pick<FirmFormEntry, 'outcome' | 'blockers' | 'kind'> | null | undefined,
): { text: string; tone: 'ok' | 'warn' | 'none' } | null {
  if (!e) return null;
  const blocker = e.blockers.find((b) => UNPASSABLE_BLOCKERS.includes(b));
  if (blocker === 'email_only') return { text: 'E-mail only', tone: 'none' };
  const live = formLiveViewBlockers(e);
  if (live)
    return {
      text: `Needs you in the live view (${live.map((b) => FORM_BLOCKER_LABELS[b]).join(', ')})`,
      tone: 'warn',
    };
  if (blocker) return { text: `Blocked: ${FORM_BLOCKER_LABELS[blocker]}`, tone: 'warn' };
  if (e.outcome === 'no_form') return { text: 'No online form', tone: 'none' };
  if (e.outcome === 'found')
    return { text: !e.kind || e.kind === 'native' ? 'Online form' : `Form: ${FORM_KIND_LABELS[e.kind]}`, tone: 'ok' };
  return null;
}

/** GET /api/ops/forms: the discovery runs and the registry's counts, for operators. */
const formDiscoveryRunSchema = z.strictObject({
  runId: z.string(),
  collection: z.enum(['vc', 'test']),
  total: z.number().int(),
  checked: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  requestedBy: z.string(),
});
export type FormDiscoveryRun = z.infer<typeof formDiscoveryRunSchema>;

/** A firm checked longer ago than this is checked again by a "stale firms" run. */
export const DEFAULT_STALE_DAYS = 30;

export const FormRegistryOverview = z.strictObject({
  /** Firms per outcome in the registry (latest check of each firm). */
  counts: z.record(z.string(), z.number().int()),
  /** Firms the next "check stale firms" run would visit. */
  stale: z.number().int(),
  staleDays: z.number().int(),
  current: formDiscoveryRunSchema.nullable(),
  recent: z.array(formDiscoveryRunSchema),
  errors: z.array(
    z.strictObject({
      firmId: z.string(),
      firmName: z.string().nullable(),
      outcome: z.enum(FORM_OUTCOMES),
      detail: z.string().nullable(),
      checkedAt: z.string(),
    }),
  ),
});
export type FormRegistryOverview = z.infer<typeof FormRegistryOverview>;

/** GET /api/ops/forms */
export const FormsOverviewQuery = z.strictObject({
  collection: z.enum(['vc', 'test']).default('vc'),
  staleDays: z.coerce.number().int().min(0).max(3650).default(DEFAULT_STALE_DAYS),
});

/** POST /api/ops/forms/discover */
export const StartFormDiscoveryRequest = z.strictObject({
  collection: z.enum(['vc', 'test']).default('vc'),
  staleDays: z.number().int().min(0).max(3650).default(DEFAULT_STALE_DAYS),
});
export type StartFormDiscoveryRequest = z.output<typeof StartFormDiscoveryRequest>;
