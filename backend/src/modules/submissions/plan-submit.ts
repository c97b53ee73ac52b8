import type { FirmSnapshot, SkippedFirm } from '@fp/contracts';
import { formBadge, formNeedsYou, formUsability, type FirmFormEntry } from '@fp/contracts';
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
  form?: Pick<FirmFormEntry, 'outcome' | 'blockers' | 'kind'> | null;
  /** Whether the founder has a pitch deck file uploaded (false: a form known to require a file is skipped uncharged). */
  hasDeck?: boolean;
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
    } else if (
      f.hasDeck === false &&
      (f.form?.outcome === 'found' || f.form?.outcome === 'blocked') &&
      f.form.blockers.includes('file_upload_required')
    ) {
      // Known before charging: the run would only fail at the upload and be refunded.
      skip(f.vcId, 'deck_required');
    } else {
      const refusal = claimRefusal(f.application, f.submissionId);
      if (refusal) skip(f.vcId, refusal);
      else create.push({ ...f, firm: f.firm });
    }
  }
  return { create, skipped };
}
