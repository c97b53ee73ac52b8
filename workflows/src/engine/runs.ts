/**
 * The runs executing in this process, by attempt id, so a stop request (from this process's API or
 * from another process through Postgres NOTIFY) can abort the browser at once.
 */
export class RunRegistry {
  private readonly running = new Map<string, AbortController>();

  start(attemptId: string): AbortController {
    const controller = new AbortController();
    this.running.get(attemptId)?.abort();
    this.running.set(attemptId, controller);
    return controller;
  }

  end(attemptId: string, controller: AbortController) {
    if (this.running.get(attemptId) === controller) this.running.delete(attemptId);
  }

  /** True when the attempt was running here. */
  stop(attemptId: string): boolean {
    const c = this.running.get(attemptId);
    if (!c) return false;
    c.abort();
    return true;
  }

  has(attemptId: string): boolean {
    return this.running.has(attemptId);
  }

  get size(): number {
    return this.running.size;
  }

  abortAll() {
    for (const c of this.running.values()) c.abort();
  }
}
