import type { AppContext } from './context';
import type { AppModule } from './module';

/**
 * Runs `job` once per UTC day in this process: at start, then whenever a check every `pollMs`
 * finds a new day. A failed run is tried again at the next check. The jobs' own message ids are
 * per day, so a restart or a second worker the same day sends nothing twice. Answers the stop.
 */
function startDailyJob(
  name: string,
  clock: AppContext['clock'],
  job: (now: Date) => Promise<unknown>,
  pollMs = 60_000,
): () => Promise<void> {
  let doneFor: string | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    if (doneFor === day || running) return;
    running = job(now)
      .then(
        () => void (doneFor = day),
        (err: Error) => console.error(`[${name}] daily job failed: ${err.message}`),
      )
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The one shape of "a module with a daily job": the module's `start` (`start: dailyJob('pipeline',
 * ctx.clock, pipeline.sendFollowUpReminders, pollMs)`), so every such module reads the same way.
 */
export function dailyJob(
  name: string,
  clock: AppContext['clock'],
  job: (now: Date) => Promise<unknown>,
  pollMs = 60_000,
): NonNullable<AppModule['start']> {
  return async () => startDailyJob(name, clock, job, pollMs);
}
