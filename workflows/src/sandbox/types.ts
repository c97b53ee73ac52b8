import type { FastifyInstance } from 'fastify';

/** What a test catalogue needs to know about one sandbox firm site. */
export interface SandboxSite {
  slug: string;
  name: string;
  kind: SandboxSiteKind;
  /** waiting_for_input: the site asks what only the founder can answer (completes once they have). */
  expectedOutcome: 'completed' | 'failed' | 'waiting_for_input';
  description: string;
}

type SandboxSiteKind =
  | 'plain-form'
  | 'multi-step-wizard'
  | 'one-question-per-screen'
  | 'aria-form-no-names'
  | 'script-injected-embed'
  | 'iframe-form'
  | 'client-rendered-spa'
  | 'required-choices'
  | 'deck-url-field'
  | 'required-file-upload'
  | 'apply-link-two-deep'
  | 'captcha'
  | 'captcha-person-solvable'
  | 'email-only'
  | 'server-error-on-submit'
  | 'slow-page'
  | 'redirect-after-post'
  | 'login-wall'
  | 'error-message-after-submit'
  | 'no-feedback-after-submit'
  | 'cookie-banner-over-form'
  | 'choice-cards'
  | 'reverting-dropdown'
  | 'tally-like'
  | 'jotform-like'
  | 'custom-questions'
  | 'exact-values'
  | 'others-questions'
  | 'radio-divs-one-at-a-time'
  | 'keyboard-letter-cards'
  | 'listbox-combobox-choices'
  | 'ok-button-choices'
  | 'script-required-refusal'
  | 'slow-confirmation'
  | 'refused-values'
  | 'other-document-uploads'
  | 'statement-boxes-and-currency';

/** One request a site accepted as an application (or tried to), keyed by field name or question label. */
export interface Submission {
  site: string;
  at: string;
  fields: Record<string, string>;
  /** false when the site answered with an error (500, closed, captcha...). */
  accepted: boolean;
}

interface SiteContext {
  record(fields: Record<string, string>, accepted?: boolean): void;
  /** Path prefix of this site, e.g. '/northwind-ventures'. */
  base: string;
}

export interface SiteDefinition extends SandboxSite {
  /** Registers the site's routes on an instance already prefixed with `/<slug>`. */
  routes(app: FastifyInstance, ctx: SiteContext): void;
}
