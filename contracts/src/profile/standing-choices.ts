import { z } from 'zod';
import type { StartupProfile } from './fields';

/**
 * The founder's standing choices for applications, stream
 * `standing-choices-<userId>`: how newsletter/marketing opt-in boxes are answered, whether an
 * application's terms or privacy notice may be accepted for them, and their default message (sent only
 * into fields that ask for a message or a pitch). Nothing here is ever chosen for the founder: the
 * defaults are "never opt in", "never accept for me" and no message.
 */
const OPT_IN_CHOICES = ['ask', 'yes', 'no'] as const;
export type OptInChoice = (typeof OPT_IN_CHOICES)[number];

type CheckboxChoicesSet = {
  type: 'CheckboxChoicesSet';
  data: { userId: string; optIns: OptInChoice; acceptTerms: boolean };
};
type DefaultMessageSet = { type: 'DefaultMessageSet'; data: { userId: string; message: string | null } };
/** Issue 24: spending of fewer than `skipBelow` credits is not confirmed first (0: every spend is confirmed). */
type SpendConfirmationSet = { type: 'SpendConfirmationSet'; data: { userId: string; skipBelow: number } };
export type StandingChoicesEvent = CheckboxChoicesSet | DefaultMessageSet | SpendConfirmationSet;
export const standingChoicesStream = (userId: string) => `standing-choices-${userId}`;

export interface StandingChoices {
  optIns: OptInChoice;
  acceptTerms: boolean;
  defaultMessage: string | null;
  /** Spends of fewer credits than this go without the "Spend N of your M credits?" question; 0: always asked. */
  skipSpendConfirmBelow: number;
}
export const DEFAULT_STANDING_CHOICES: StandingChoices = {
  optIns: 'no',
  acceptTerms: false,
  defaultMessage: null,
  skipSpendConfirmBelow: 0,
};

/** The highest "skip below" a founder may set: larger spends are always asked about. */
export const SKIP_SPEND_CONFIRM_MAX = 1000;

/** True when spending `cost` credits must be confirmed first, given the founder's setting. */
export const needsSpendConfirmation = (cost: number, skipBelow: number) => cost > 0 && cost >= skipBelow;

/**
 * "Spend 8 of your 50 credits?" — the confirmation's question. An operator acting on a
 * founder's run is asked about the founder's credits: "Spend 1 of fay@x.example's 5 credits?".
 */
export const spendQuestion = (cost: number, balance: number, owner?: string) =>
  `Spend ${cost.toLocaleString('en-US')} of ${owner ? `${owner}'s` : 'your'} ${balance.toLocaleString('en-US')} ${balance === 1 ? 'credit' : 'credits'}?`;

export const DEFAULT_MESSAGE_MAX = 3000;

/** PUT /api/settings/choices: any of the three; `defaultMessage: null` (or blank) removes the message. */
export const UpdateStandingChoicesRequest = z
  .strictObject({
    optIns: z.enum(OPT_IN_CHOICES, { error: 'optIns must be one of ask, yes, no' }).optional(),
    acceptTerms: z.boolean({ error: 'acceptTerms must be true or false' }).optional(),
    defaultMessage: z
      .string({ error: 'defaultMessage must be text or null' })
      .trim()
      .max(
        DEFAULT_MESSAGE_MAX,
        `defaultMessage must be at most ${DEFAULT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
      )
      .nullable()
      .optional(),
    skipSpendConfirmBelow: z
      .number({ error: 'skipSpendConfirmBelow must be a whole number of credits' })
      .int('skipSpendConfirmBelow must be a whole number of credits')
      .min(0, 'skipSpendConfirmBelow must be 0 or more')
      .max(
        SKIP_SPEND_CONFIRM_MAX,
        `skipSpendConfirmBelow must be at most ${SKIP_SPEND_CONFIRM_MAX.toLocaleString('en-US')}`,
      )
      .optional(),
  })
  .refine(
    (b) =>
      b.optIns !== undefined ||
      b.acceptTerms !== undefined ||
      b.defaultMessage !== undefined ||
      b.skipSpendConfirmBelow !== undefined,
    'Give a choice to change',
  );
export type UpdateStandingChoicesRequest = z.output<typeof UpdateStandingChoicesRequest>;

/** GET/PUT /api/settings/choices */
export interface StandingChoicesResponse extends StandingChoices {
  /**
   * A default message put together by a fixed template from the founder's profile (no model): offered in
   * Settings for the founder to edit and approve; never sent until they save it. Null when the profile
   * holds too little.
   */
  suggestion: string | null;
}

/** The template behind `suggestion`: the profile's own words in a fixed frame, nothing invented. */
export function suggestDefaultMessage(p: StartupProfile): string | null {
  const t = (s: string | undefined) => s?.trim() || null;
  const name = t(p.founderName);
  const company = t(p.companyName);
  if (!name || !company) return null;
  const what = t(p.oneLineExplanation) ?? t(p.description);
  const lines = [`Hi, I'm ${name}, founder of ${company}.`];
  if (what) lines.push(/[.!?]$/.test(what) ? what : `${what}.`);
  const raising = t(p.raising);
  const stage = t(p.stage);
  if (raising) lines.push(`We are raising ${raising}${stage ? ` (${stage})` : ''}.`);
  lines.push('I would welcome the chance to tell you more.');
  return lines.join(' ');
}
