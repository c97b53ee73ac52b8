import { ConcurrencyError, type EventMetadata, type EventStore, type RecordedEvent } from '@fp/infra';

/** Who and when: time and ids enter through here, never from inside a decider. */
export interface CommandMeta {
  now: Date;
  actor: string;
  correlationId?: string;
  /** Ids the command may need to mint (e.g. a new submission id), supplied by the caller. */
  ids?: Record<string, string>;
}

export interface Event<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/**
 * A pure decider: `decide` answers the events a command produces in a given state (or throws a
 * DomainError); `evolve` folds an event into the state. No I/O, no clock, no randomness.
 */
export interface Decider<S, C, E extends Event> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S, meta: CommandMeta) => E[];
}

/** A rule the command broke: answered to the client as `{ error: message }` with `status`. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly status: number = 400,
    readonly code: string = 'domain_error',
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class ConflictError extends DomainError {
  constructor(message = 'The record was changed by another request at the same time. Please try again.') {
    super(message, 409, 'conflict');
  }
}

export interface HandleResult<S, E> {
  state: S;
  events: E[];
  /** Stream revision after the command (-1 if the stream still does not exist). */
  revision: number;
  /** Checkpoint of the last appended event, or null when the command produced none. */
  checkpoint: string | null;
}

export function foldEvents<S, E extends Event>(decider: Pick<Decider<S, any, E>, 'initialState' | 'evolve'>, events: Pick<RecordedEvent, 'type' | 'data'>[]): S {
  return events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
}

/**
 * Loads the stream, decides, appends with the expected revision. On a concurrency conflict it
 * re-reads and decides again, a bounded number of times, then answers 409.
 */
export async function handleCommand<S, C, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  meta: CommandMeta,
  opts: { maxRetries?: number } = {},
): Promise<HandleResult<S, E>> {
  const maxRetries = opts.maxRetries ?? 8;
  for (let attempt = 0; ; attempt++) {
    const { events: history, revision } = await store.readStream(streamId);
    const state = foldEvents(decider, history);
    const produced = decider.decide(command, state, meta);
    if (produced.length === 0) return { state, events: [], revision, checkpoint: null };
    const metadata: EventMetadata = { now: meta.now.toISOString(), actor: meta.actor, correlationId: meta.correlationId };
    try {
      const appended = await store.append(
        streamId,
        produced.map((e) => ({ type: e.type, data: e.data, metadata })),
        revision === -1 ? 'no_stream' : revision,
      );
      return { state: produced.reduce(decider.evolve, state), events: produced, revision: appended.nextRevision, checkpoint: appended.checkpoint };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= maxRetries) throw new ConflictError();
      // Jittered backoff spreads out writers racing for one stream.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}
