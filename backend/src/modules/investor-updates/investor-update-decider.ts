import {
  UPDATE_ALREADY_SENT,
  UPDATE_EMPTY,
  UPDATE_NO_RECIPIENTS,
  UPDATE_NOT_FOUND,
  type InvestorUpdateEvent,
  type InvestorUpdateSent,
  type UpdateContent,
  type UpdateRecipients,
} from '@fp/contracts';
import { DomainError, type Decider, type CommandOf, type CommandMeta } from '../../platform/decider';

export interface InvestorUpdateState {
  update: {
    updateId: string;
    userId: string;
    content: UpdateContent;
    recipients: UpdateRecipients;
    /** What Send recorded (recipients, message ids, deck links), or null for a draft. */
    sent: InvestorUpdateSent['data'] | null;
  } | null;
}

export type InvestorUpdateCommand =
  | {
      type: 'DraftUpdate';
      data: { updateId: string; userId: string; content: UpdateContent; recipients: UpdateRecipients };
    }
  | {
      type: 'EditUpdate';
      data: { updateId: string; userId: string; content?: UpdateContent; recipients?: UpdateRecipients };
    }
  /**
   * The founder pressed Send. The use case resolved the recipients (pipeline stages, addresses,
   * opt-outs) and made each one's message id and deck link; the content sent is the draft's, as the
   * founder last saved it — never anything else.
   */
  | { type: 'SendUpdate'; data: Omit<InvestorUpdateSent['data'], 'at' | 'content'> };

/** Whether the draft says something: a subject and at least one section or metric value. */
export const hasContent = (c: UpdateContent) =>
  c.subject.trim().length > 0 &&
  ([c.highlights, c.asks, c.lowlights].some((t) => t.trim()) || c.metrics.some((m) => m.value.trim()));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function owned(state: InvestorUpdateState, userId: string) {
  // Another founder's update is the same 404 as no update at all.
  if (!state.update || state.update.userId !== userId) throw new DomainError(UPDATE_NOT_FOUND, 404, 'not_found');
  return state.update;
}

/**
 * One investor update. Rules:
 * - drafting the same id again adds nothing;
 * - only the owner edits or sends it (another founder: 404); a sent update cannot change (409);
 *   an edit records only what differs;
 * - Send needs a subject and some content (400) and at least one recipient (400);
 * - Send happens once: a second Send (double click, two tabs, a retry) records nothing, and the use
 *   case queues only the messages the first one recorded (their ids make the mail module keep one each).
 */
export const investorUpdateDecider: Decider<InvestorUpdateState, InvestorUpdateCommand, InvestorUpdateEvent> = {
  initialState: () => ({ update: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'InvestorUpdateDrafted':
        return { update: { ...event.data, sent: null } };
      case 'InvestorUpdateEdited': {
        if (!state.update) return state;
        const { content, recipients } = event.data;
        return {
          update: {
            ...state.update,
            content: content ?? state.update.content,
            recipients: recipients ?? state.update.recipients,
          },
        };
      }
      case 'InvestorUpdateSent':
        if (!state.update) return state;
        return { update: { ...state.update, sent: event.data } };
    }
  },

  decide(cmd, state, meta) {
    switch (cmd.type) {
      case 'DraftUpdate':
        return draftUpdate(cmd, state);
      case 'EditUpdate':
        return editUpdate(cmd, state);
      case 'SendUpdate':
        return sendUpdate(cmd, state, meta);
    }
  },
};

function draftUpdate(
  cmd: CommandOf<InvestorUpdateCommand, 'DraftUpdate'>,
  state: InvestorUpdateState,
): InvestorUpdateEvent[] {
  if (state.update) return [];
  return [{ type: 'InvestorUpdateDrafted', data: cmd.data }];
}

function editUpdate(
  cmd: CommandOf<InvestorUpdateCommand, 'EditUpdate'>,
  state: InvestorUpdateState,
): InvestorUpdateEvent[] {
  const u = owned(state, cmd.data.userId);
  if (u.sent) throw new DomainError(UPDATE_ALREADY_SENT, 409, 'already_sent');
  const data: { updateId: string; userId: string; content?: UpdateContent; recipients?: UpdateRecipients } = {
    updateId: u.updateId,
    userId: u.userId,
  };
  if (cmd.data.content && !same(cmd.data.content, u.content)) data.content = cmd.data.content;
  if (cmd.data.recipients && !same(cmd.data.recipients, u.recipients)) data.recipients = cmd.data.recipients;
  if (!data.content && !data.recipients) return [];
  return [{ type: 'InvestorUpdateEdited', data }];
}

function sendUpdate(
  cmd: CommandOf<InvestorUpdateCommand, 'SendUpdate'>,
  state: InvestorUpdateState,
  meta: CommandMeta,
): InvestorUpdateEvent[] {
  const u = owned(state, cmd.data.userId);
  if (u.sent) return [];
  if (!hasContent(u.content)) throw new DomainError(UPDATE_EMPTY, 400, 'empty');
  if (!cmd.data.recipients.length) throw new DomainError(UPDATE_NO_RECIPIENTS, 400, 'no_recipients');
  return [
    {
      type: 'InvestorUpdateSent',
      data: { ...cmd.data, updateId: u.updateId, at: meta.now.toISOString(), content: u.content },
    },
  ];
}
