import { answersNeeded } from './answers-needed';
import { batchFinished } from './batch-finished';
import { deckDailyDigest } from './deck-daily-digest';
import { deckFirstVisit } from './deck-first-visit';
import { deckViewerCode } from './deck-viewer-code';
import { followUpReminder } from './follow-up-reminder';
import { investorUpdate } from './investor-update';
import { receipt } from './receipt';
import { resetPassword } from './reset-password';
import { savedSearchMatches } from './saved-search-matches';
import { takeoverNeeded } from './takeover-needed';
import { verifyEmail } from './verify-email';

export { defineTemplate } from './template';
export type { FollowUpReminderData } from './follow-up-reminder';
export type { InvestorUpdateData } from './investor-update';

/** Every e-mail template by name. Adding one: a file beside this one, and one line here. */
export const templates = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'batch-finished': batchFinished,
  'answers-needed': answersNeeded,
  'takeover-needed': takeoverNeeded,
  'follow-up-reminder': followUpReminder,
  'saved-search-matches': savedSearchMatches,
  'deck-first-visit': deckFirstVisit,
  'deck-viewer-code': deckViewerCode,
  'deck-daily-digest': deckDailyDigest,
  'investor-update': investorUpdate,
  receipt,
};
type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateData<N extends TemplateName> = Parameters<Templates[N]['render']>[0];
