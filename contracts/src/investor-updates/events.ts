import type { InvestorKind, PipelineStage } from '../pipeline/events';

/**
 * Events of an investor update: one stream per update, `investor-update-<id>`.
 * A draft is written and edited, then sent once: the Sent event records every recipient with the
 * message id and deck link made for them, so a retried Send queues exactly those messages again
 * (the mail module keeps one message per id) and never a second set.
 */

/** One figure of the update, and where its value came from (the profile's exact field, a range, or the founder). */
export interface UpdateMetric {
  label: string;
  value: string;
  /** 'profile:monthlyRevenue' (an exact profile value), 'profile:revenue (range)', or 'founder' (typed or changed by hand). */
  source: string;
}

export interface UpdateContent {
  subject: string;
  highlights: string;
  metrics: UpdateMetric[];
  asks: string;
  lowlights: string;
}

/** Who gets it: every pipeline card in these stages, plus addresses typed by hand. */
export interface UpdateRecipients {
  stages: PipelineStage[];
  emails: string[];
  /** The address the founder gave for a pipeline investor (cards carry no e-mail of their own). */
  addresses: { investorId: string; investorKind: InvestorKind; email: string }[];
}

/** A recipient as recorded at Send. */
export interface UpdateDelivery {
  email: string;
  /** The investor's name from the pipeline, or null for an address typed by hand. */
  name: string | null;
  investorId: string | null;
  investorKind: InvestorKind | null;
  messageId: string;
  /** The recipient's own deck link (null when the founder had no deck uploaded). */
  deckLinkId: string | null;
  deckUrl: string | null;
  /** Their deck link was turned off or deleted: sent without a link, as the founder chose (absent: false). */
  deckLinkOff?: boolean;
}

type InvestorUpdateDrafted = {
  type: 'InvestorUpdateDrafted';
  data: { updateId: string; userId: string; content: UpdateContent; recipients: UpdateRecipients };
};
type InvestorUpdateEdited = {
  type: 'InvestorUpdateEdited';
  data: { updateId: string; userId: string; content?: UpdateContent; recipients?: UpdateRecipients };
};
export type InvestorUpdateSent = {
  type: 'InvestorUpdateSent';
  data: {
    updateId: string;
    userId: string;
    at: string;
    /** The sender as the e-mails name them (the founder's profile at Send). */
    from: { name: string; company: string; email: string | null };
    content: UpdateContent;
    recipients: UpdateDelivery[];
    /** Addresses left out at Send: they unsubscribed from this founder's updates. */
    skipped: { email: string; name: string | null; reason: 'unsubscribed' }[];
  };
};
export type InvestorUpdateEvent = InvestorUpdateDrafted | InvestorUpdateEdited | InvestorUpdateSent;
export const INVESTOR_UPDATE_EVENT_TYPES = [
  'InvestorUpdateDrafted',
  'InvestorUpdateEdited',
  'InvestorUpdateSent',
] as const;
export const investorUpdateStream = (updateId: string) => `investor-update-${updateId}`;
/** The mail module's opt-out list of one founder's updates: an unsubscribe stops only that founder's. */
export const investorUpdateList = (userId: string) => `investor-updates:${userId}`;
