import type { AppContext } from '../../platform/context';
import { DomainError } from '../../platform/decider';
import type { FormRegistry } from './form-registry';

/** Only firms never checked: a firm checked once, however long ago, is left to the operators' stale runs. */
const NEVER_CHECKED_DAYS = 3650;

/**
 * First start: the registry of application forms is filled for the bundled sandbox firms,
 * so the test VC database's "Accepts online applications" is not empty before an operator runs it.
 * Bounded (the sandbox's few dozen firms, never-checked ones only) and idempotent: once every firm
 * was checked, or while a run is going, it starts nothing. Answers the run started, if any.
 */
export async function registerSandboxForms(
  ctx: Pick<AppContext, 'sandboxUrl' | 'clock'>,
  forms: Pick<FormRegistry, 'discover'>,
): Promise<{ runId: string; total: number } | null> {
  if (!ctx.sandboxUrl) return null;
  try {
    const started = await forms.discover(
      { collection: 'test', staleDays: NEVER_CHECKED_DAYS, requestedBy: 'system:first-start' },
      { now: ctx.clock.now(), actor: 'system:first-start' },
    );
    return started.runId ? { runId: started.runId, total: started.total } : null;
  } catch (err) {
    // A run over the test catalog is already going (another process, an operator): it does the work.
    if (err instanceof DomainError && err.status === 409) return null;
    throw err;
  }
}
