import type { FirmSnapshot, SkippedFirm } from '@fp/contracts';
import {
  documentKindAsked,
  documentNoun,
  formBadge,
  formNeedsYou,
  formUsability,
  type FirmFormEntry,
} from '@fp/contracts';
import { claimRefusal, SKIP_MESSAGES, type FirmApplicationState } from './firm-application-decider';

/** What the submit command knows about one selected firm when it plans. */
export interface PlanInput {
  vcId: string;
  firm: FirmSnapshot | null;
  /** The founder × firm state, and the revision it was read at (-1: no stream yet). */
  application: FirmApplicationState;
  revision: number;
  /** The id a new submission to this firm gets in this request (stable across the request's tries). */
  submissionId: string;
  /**
   * Why the catalog says the firm cannot be applied to, if so: a demo firm on a reserved domain, or a
   * domain DNS says does not exist (looked up before planning, bounded: the plan itself stays pure).
   */
  unusable?: 'reserved_domain' | 'unresolvable_domain' | null;
  /** The registry's latest check of the firm's application form, if any (docs/catalog.md). */
  form?: (Pick<FirmFormEntry, 'outcome' | 'blockers' | 'kind'> & Partial<Pick<FirmFormEntry, 'fields'>>) | null;
  /** Whether the founder has a pitch deck file uploaded (false: a form known to require a deck is skipped uncharged). */
  hasDeck?: boolean;
  /** The kinds of the founder's other documents (a form known to require one they lack is skipped uncharged). */
  documents?: ReadonlySet<string>;
}

/**
 * The document ('pitchDeck' or a document kind) that a form known to require files asks for, by its required
 * uploads' questions, and the founder lacks; null otherwise. A registry entry without its fields asks for the deck.
 */
function missingDocument(f: PlanInput): string | null {
  const form = f.form;
  if (
    !form ||
    (form.outcome !== 'found' && form.outcome !== 'blocked') ||
    !form.blockers.includes('file_upload_required')
  )
    return null;
  const asked = (f.form?.fields ?? [])
    .filter((x) => x.type === 'file' && x.required)
    .map((x) => documentKindAsked(x.label));
  if (!asked.length) return f.hasDeck === false ? 'pitchDeck' : null;
  for (const kind of asked) {
    if (kind === 'pitchDeck' && f.hasDeck === false) return kind;
    if (kind && kind !== 'pitchDeck' && kind !== 'video' && f.documents && !f.documents.has(kind)) return kind;
  }
  return null;
}

export type PlannedFirm = PlanInput & { firm: FirmSnapshot };

/**
 * The submit plan (pure): each selected firm is either applied to now or skipped with its reason —
 * unknown, no website, not usable (a demo firm on a reserved domain, a domain that does not resolve), already applied, under way. A firm held by this request's own submission
 * (sent again after a failure half-way) is planned again: every step after is idempotent.
 */
export function planSubmit(firms: PlanInput[]): { create: PlannedFirm[]; skipped: SkippedFirm[] } {
  const create: PlannedFirm[] = [];
  const skipped: SkippedFirm[] = [];
  const skip = (vcId: string, reason: SkippedFirm['reason']) =>
    skipped.push({ vcId, reason, message: SKIP_MESSAGES[reason] });
  let missing: string | null;
  for (const f of firms) {
    if (!f.firm) skip(f.vcId, 'not_found');
    else if (!f.firm.website) skip(f.vcId, 'no_website');
    else if (f.unusable) skip(f.vcId, f.unusable);
    // Known to have no form the automation can use (none found, a CAPTCHA, a login, e-mail only):
    // skipped before any charge; a firm never checked, or whose site could not be reached, is tried.
    // A CAPTCHA or a sign-in alone is not skipped: the run waits for the founder in the live view (takeover).
    else if (formUsability(f.form) === 'unusable' && !formNeedsYou(f.form)) {
      const said = formBadge(f.form)?.text;
      skipped.push({
        vcId: f.vcId,
        reason: 'no_usable_form',
        message: said ? `${SKIP_MESSAGES.no_usable_form} (${said})` : SKIP_MESSAGES.no_usable_form,
      });
    } else if ((missing = missingDocument(f))) {
      // Known before charging: the run would only fail at the upload and be refunded.
      const kind = missing;
      if (kind === 'pitchDeck') skip(f.vcId, 'deck_required');
      else
        skipped.push({
          vcId: f.vcId,
          reason: 'document_required',
          message: `This firm's application form requires your ${documentNoun(kind)} and you have not added one: add it under Settings → Documents as a PDF, then submit again.`,
        });
    } else {
      const refusal = claimRefusal(f.application, f.submissionId);
      if (refusal) skip(f.vcId, refusal);
      else create.push({ ...f, firm: f.firm });
    }
  }
  return { create, skipped };
}
