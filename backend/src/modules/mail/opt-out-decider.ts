import { optOutKey, type MailCategory, type MailOptOutEvent } from '@fp/contracts';
import { DomainError, type CommandOf, type Decider } from '../../platform/decider';

/**
 * An address's opt-outs, per category or per list inside one (`optOutKey`: one founder's investor
 * updates): unsubscribing twice records nothing new, nor does undoing twice.
 */
export type OptOutCommand =
  | { type: 'Unsubscribe'; email: string; category: MailCategory; list?: string }
  | { type: 'Resubscribe'; email: string; category: MailCategory; list?: string };

export const optOutDecider: Decider<Set<string>, OptOutCommand, MailOptOutEvent> = {
  initialState: () => new Set(),
  evolve(state, event) {
    const key = optOutKey(event.data.category, event.data.list);
    switch (event.type) {
      case 'MailUnsubscribed':
        return new Set([...state, key]);
      case 'MailResubscribed':
        return new Set([...state].filter((c) => c !== key));
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Unsubscribe':
        return unsubscribe(command, state);
      case 'Resubscribe':
        return resubscribe(command, state);
    }
  },
};

/** The event's data and the state's key for a command; account e-mails have no opt-out. */
function optOutOf(command: OptOutCommand) {
  if (command.category === 'account')
    throw new DomainError('Account e-mails cannot be unsubscribed from', 400, 'invalid');
  const data = command.list
    ? { email: command.email, category: command.category, list: command.list }
    : { email: command.email, category: command.category };
  return { data, key: optOutKey(command.category, command.list) };
}

function unsubscribe(command: CommandOf<OptOutCommand, 'Unsubscribe'>, state: Set<string>): MailOptOutEvent[] {
  const { data, key } = optOutOf(command);
  return state.has(key) ? [] : [{ type: 'MailUnsubscribed', data }];
}

function resubscribe(command: CommandOf<OptOutCommand, 'Resubscribe'>, state: Set<string>): MailOptOutEvent[] {
  const { data, key } = optOutOf(command);
  return state.has(key) ? [{ type: 'MailResubscribed', data }] : [];
}
