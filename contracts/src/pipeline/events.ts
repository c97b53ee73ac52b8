/**
 * Events of the founder's pipeline (CRM board): one stream per founder, `pipeline-<userId>`, holding
 * every card. One stream per founder (not per card) lets the decider refuse a second card for the
 * same investor and link a submission only once, atomically (ARCHITECTURE.md, "Pipeline").
 */

export const PIPELINE_STAGES = [
  'Target',
  'Applied',
  'Opened deck',
  'In conversation',
  'Meeting',
  'Due diligence',
  'Term sheet',
  'Committed',
  'Passed',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const INVESTOR_KINDS = ['vc', 'angel'] as const;
export type InvestorKind = (typeof INVESTOR_KINDS)[number];

/** Fields a founder edits on a card; null means cleared. */
export interface PipelineCardDetails {
  notes: string | null;
  /** YYYY-MM-DD */
  nextFollowUp: string | null;
  introducedBy: string | null;
  /** Amount discussed, in USD. */
  amount: number | null;
}

type PipelineCardAdded = {
  type: 'PipelineCardAdded';
  data: {
    userId: string;
    cardId: string;
    investorId: string;
    investorKind: InvestorKind;
    name: string;
    stage: PipelineStage;
    source: 'founder' | 'submission';
  };
};
/** `passReason` is set when the card moves to Passed (required then) and null otherwise. */
type PipelineCardMoved = {
  type: 'PipelineCardMoved';
  data: { userId: string; cardId: string; from: PipelineStage; to: PipelineStage; passReason: string | null };
};
/** Only the fields that changed. */
type PipelineCardEdited = {
  type: 'PipelineCardEdited';
  data: { userId: string; cardId: string; changes: Partial<PipelineCardDetails> & { passReason?: string } };
};
type PipelineSubmissionLinked = {
  type: 'PipelineSubmissionLinked';
  data: { userId: string; cardId: string; submissionId: string };
};
type PipelineCardRemoved = { type: 'PipelineCardRemoved'; data: { userId: string; cardId: string } };
/** Someone opened the deck through the investor's link (deck-links module); one per visit. */
type PipelineDeckVisited = {
  type: 'PipelineDeckVisited';
  data: { userId: string; cardId: string; visitId: string; email: string | null };
};

export type PipelineEvent =
  | PipelineCardAdded
  | PipelineCardMoved
  | PipelineCardEdited
  | PipelineSubmissionLinked
  | PipelineCardRemoved
  | PipelineDeckVisited;
export const PIPELINE_EVENT_TYPES = [
  'PipelineCardAdded',
  'PipelineCardMoved',
  'PipelineCardEdited',
  'PipelineSubmissionLinked',
  'PipelineCardRemoved',
  'PipelineDeckVisited',
] as const;

export const pipelineStream = (userId: string) => `pipeline-${userId}`;
