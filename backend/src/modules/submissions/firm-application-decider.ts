import type { FirmApplicationEvent, SkippedFirm } from '@fp/contracts';
import { DomainError, type CommandOf, type Decider } from '../../platform/decider';

// Founder × firm: who applies to a firm now. The submit plan and the claim are decided here, so
// "already applied" and "in progress" hold across API processes (expected revisions), not by a
// query of the read model under a process-local lock.

type FirmApplicationStatus = 'open' | 'in_progress' | 'applied';
export interface FirmApplicationState {
  status: FirmApplicationStatus;
  /** The submission that holds the firm (in progress) or applied to it. */
  holder: string | null;
}

export type FirmApplicationCommand =
  | { type: 'Claim'; data: { userId: string; vcFirmId: string; test: boolean; submissionId: string } }
  | { type: 'Settle'; data: { submissionId: string; status: 'completed' | 'failed' | 'stopped' } };

export const SKIP_MESSAGES: Record<SkippedFirm['reason'], string> = {
  already_applied: 'You already applied to this firm successfully.',
  in_progress: 'An application to this firm is already under way.',
  not_found: 'No such firm.',
  no_website: 'This firm has no website to apply on.',
  reserved_domain: "This firm's website is a reserved demo address (demo data), not a real firm's site.",
  unresolvable_domain:
    "This firm's website address does not exist (its domain does not resolve), so there is nothing to apply on.",
  no_usable_form: "The registry of application forms found no form on this firm's website that the automation can use.",
  deck_required:
    "This firm's application form requires a pitch deck file and you have not uploaded one: upload your deck as a PDF in Settings, then submit again.",
  document_required:
    "This firm's application form requires a document you have not added: add it under Settings → Documents as a PDF, then submit again.",
};

/** Why a firm cannot be claimed by this submission now, or null when it can (or already holds it). */
export function claimRefusal(
  state: FirmApplicationState,
  submissionId: string,
): 'already_applied' | 'in_progress' | null {
  if (state.status === 'applied') return state.holder === submissionId ? null : 'already_applied';
  if (state.status === 'in_progress' && state.holder !== submissionId) return 'in_progress';
  return null;
}

export const firmApplicationDecider: Decider<FirmApplicationState, FirmApplicationCommand, FirmApplicationEvent> = {
  initialState: () => ({ status: 'open', holder: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'FirmApplicationClaimed':
        return { status: 'in_progress', holder: event.data.submissionId };
      case 'FirmApplicationApplied':
        return { status: 'applied', holder: event.data.submissionId };
      case 'FirmApplicationReleased':
        return { status: 'open', holder: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Claim':
        return claim(command, state);
      case 'Settle':
        return settle(command, state);
    }
  },
};

type Command<T extends FirmApplicationCommand['type']> = CommandOf<FirmApplicationCommand, T>;

function claim(command: Command<'Claim'>, state: FirmApplicationState): FirmApplicationEvent[] {
  const refusal = claimRefusal(state, command.data.submissionId);
  if (refusal) throw new DomainError(SKIP_MESSAGES[refusal], 409, refusal);
  // Held by this very submission already (a request sent again): nothing new.
  if (state.holder === command.data.submissionId) return [];
  return [{ type: 'FirmApplicationClaimed', data: command.data }];
}

function settle(command: Command<'Settle'>, state: FirmApplicationState): FirmApplicationEvent[] {
  const { submissionId, status } = command.data;
  if (state.status !== 'in_progress' || state.holder !== submissionId) return [];
  return status === 'completed'
    ? [{ type: 'FirmApplicationApplied', data: { submissionId } }]
    : [{ type: 'FirmApplicationReleased', data: { submissionId, status } }];
}
