import type { FormReview, ReviewFirmRequest } from '@fp/contracts';
import { resolveWebsite, reviewForm, type SharedBrowser, type WorkerSlots } from '@fp/workflows';
import type { CheckboxChoices, DeckFile, DocumentFile, FounderAnswer, StartupProfile } from '@fp/workflows';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../platform/decider';
import type { SubmissionsContext } from './context';

/** The automation's own limit for one review (the whole fill); the slot wait before it counts too. */
const REVIEW_RUN_MS = 90_000;
const REVIEW_TOTAL_MS = 150_000;

const REVIEW_FIRM_NOT_FOUND = 'VC firm not found';
const REVIEW_NO_WEBSITE = 'This firm has no website to apply on.';
export const REVIEW_RUNNING = 'A review is already running for you. Wait for it to finish.';
const REVIEW_UNAVAILABLE = 'Reviews are not available right now. Please try again in a minute.';
export const REVIEW_BUSY = 'The automation is busy right now. Please try the review again in a minute.';

interface ReviewInput {
  url: string;
  firm: FormReview['firm'];
  profile: StartupProfile;
  answers: FounderAnswer[];
  deck: DeckFile | null;
  documents: DocumentFile[];
  checkboxes: CheckboxChoices;
  defaultMessage: string | null;
  signal: AbortSignal;
}

/** Runs one review on this process's worker: a worker slot first (like any run), then the shared Chromium. */
export type ReviewRunner = (input: ReviewInput) => Promise<FormReview>;

export function reviewRunner(deps: {
  browser: SharedBrowser;
  slots: WorkerSlots;
  allowedHosts: string[];
}): ReviewRunner {
  return async (input) => {
    // A review holds a slot as a run does, so reviews cannot crowd out the founders' applications (nor wedge the worker).
    const id = `review-${randomUUID()}`;
    const slot = await deps.slots.acquire({ submissionId: id, attemptId: id }, input.signal);
    try {
      if (input.signal.aborted) throw new DomainError(REVIEW_BUSY, 503, 'review_busy');
      const lease = await deps.browser.acquire();
      try {
        return await reviewForm(
          {
            url: input.url,
            profile: input.profile,
            answers: input.answers,
            deck: input.deck ?? undefined,
            documents: input.documents,
            checkboxes: input.checkboxes,
            defaultMessage: input.defaultMessage,
            browser: lease.browser,
            allowedHosts: deps.allowedHosts,
            signal: input.signal,
            timeouts: { totalMs: REVIEW_RUN_MS },
          },
          input.firm,
        );
      } finally {
        lease.release();
      }
    } finally {
      slot.release();
    }
  };
}

/**
 * POST /api/submissions/review: fills the firm's form as an application would, sends nothing and charges
 * nothing, and answers the review table. One review at a time per founder; bounded by REVIEW_TOTAL_MS.
 * The tracked deck link of an application is made per submission, so a review shows the profile's deck
 * URL where a form asks for a deck link.
 */
export function createReviewFirm(ctx: SubmissionsContext, runner: () => ReviewRunner | null) {
  const running = new Set<string>();
  return async function reviewFirm(userId: string, input: ReviewFirmRequest & { test: boolean }): Promise<FormReview> {
    const [firm] = await ctx.catalog.getFirms([input.vcFirmId], { test: input.test });
    if (!firm) throw new DomainError(REVIEW_FIRM_NOT_FOUND, 404, 'not_found');
    const url = resolveWebsite({ website: firm.website, test: input.test }, ctx.sandboxUrl);
    if (!url || firm.unusable) throw new DomainError(REVIEW_NO_WEBSITE, 400, 'no_website');
    const run = runner();
    if (!run) throw new DomainError(REVIEW_UNAVAILABLE, 503, 'review_unavailable');
    if (running.has(userId)) throw new DomainError(REVIEW_RUNNING, 409, 'review_running');
    running.add(userId);
    try {
      const [profile, deck, documents, answers, choices] = await Promise.all([
        ctx.profile.get(userId).then((p) => p.profile as StartupProfile),
        ctx.profile.pitchDeckFile(userId),
        ctx.profile.documentFiles(userId),
        ctx.profile.answers(userId),
        ctx.profile.standingChoices(userId),
      ]);
      return await run({
        url,
        firm: { id: firm.id, name: firm.name, website: firm.website },
        profile,
        answers: answers.map(({ question, answer, source }) => ({ question, answer, source })),
        deck: deck ? { fileName: deck.fileName, bytes: deck.bytes } : null,
        documents,
        checkboxes: { optIns: choices.optIns, acceptTerms: choices.acceptTerms },
        defaultMessage: choices.defaultMessage,
        signal: AbortSignal.timeout(REVIEW_TOTAL_MS),
      });
    } finally {
      running.delete(userId);
    }
  };
}
