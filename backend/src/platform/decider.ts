import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type StreamAppend,
} from '@fp/infra';

/** Who and when: time and ids enter through here, never from inside a decider. */
export interface CommandMeta {
  now: Date;
  actor: string;
  correlationId?: string;
  /** Ids the command may need to mint (e.g. a new submission id), supplied by the caller. */
  ids?: Record<string, string>;
}

/** A command's meta as a projection's effect carries it (JSON: the time as text). */
export type AskedMeta = Omit<CommandMeta, 'now'> & { now: string };
export const askedMeta = (m: CommandMeta): AskedMeta => ({ ...m, now: m.now.toISOString() });
export const metaOf = (m: AskedMeta): CommandMeta => ({ ...m, now: new Date(m.now) });

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

/** One command of a union by its type: the parameter of the decider's function for that command. */
export type CommandOf<C extends { type: string }, T extends C['type']> = Extract<C, { type: T }>;

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

export function foldEvents<S, E extends Event>(
  decider: Pick<Decider<S, any, E>, 'initialState' | 'evolve'>,
  events: Pick<RecordedEvent, 'type' | 'data'>[],
): S {
  return events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
}

/** The expected revision of a stream read at `revision` (-1: it did not exist). */
export const expectedAt = (revision: number): ExpectedRevision => (revision === -1 ? 'no_stream' : revision);

export const metadataOf = (meta: CommandMeta): EventMetadata => ({
  now: meta.now.toISOString(),
  actor: meta.actor,
  correlationId: meta.correlationId,
});

/** What a decision writes: streams, each at the revision the decision read (empty: nothing to write). */
export interface Decision<R> {
  appends: StreamAppend[];
  result: R;
}

/**
 * The one append: every event the backend writes reaches the store through here (a check,
 * scripts/check-write-path.mjs, refuses a direct store append anywhere else). Appends the streams
 * that have events, each at the revision its decision was made on: one stream in a plain append,
 * several in one multi-stream append (all or nothing where the store's appends are atomic, see
 * EventStore.atomicAppendMany). Results are those of the streams written, in the order given.
 * A ConcurrencyError means another writer got there first and, on an atomic store, nothing was
 * written; most callers reach this through appendDecision, which decides again.
 */
export async function appendDecided(store: EventStore, appends: StreamAppend[]): Promise<AppendResult[]> {
  const writes = appends.filter((a) => a.events.length > 0);
  if (writes.length === 0) return [];
  if (writes.length === 1) return [await store.append(writes[0]!.streamId, writes[0]!.events, writes[0]!.expected)];
  return store.appendMany(writes);
}

/**
 * The write path with its retry (docs/reliability.md, "The write path"). Each try loads what the
 * command decides on (streams, and the revisions they were read at), decides with a pure function,
 * and appends every stream the decision writes in one append at those revisions (appendDecided).
 * When another writer got there first (ConcurrencyError) the command is decided again on what it
 * wrote, a bounded number of times with jittered backoff; then it answers 409. The decision may
 * refuse (throw a DomainError) on any try, e.g. the loser of a race that is not allowed twice.
 */
export async function appendDecision<L, R>(
  store: EventStore,
  load: () => Promise<L>,
  decide: (loaded: L) => Decision<R>,
  opts: { maxRetries?: number; backoffMs?: number } = {},
): Promise<{ result: R; appended: AppendResult[] }> {
  const maxRetries = opts.maxRetries ?? 8;
  const backoffMs = opts.backoffMs ?? 5;
  for (let attempt = 0; ; attempt++) {
    const { appends, result } = decide(await load());
    try {
      return { result, appended: await appendDecided(store, appends) };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= maxRetries) throw new ConflictError();
      // Jittered backoff spreads out writers racing for the same streams.
      await new Promise((r) => setTimeout(r, Math.random() * backoffMs * (attempt + 1)));
    }
  }
}

/**
 * One stream: loads it, decides, appends at the revision it read (appendDecision), answering the
 * state after the command.
 */
export async function handleCommand<S, C, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  meta: CommandMeta,
  opts: { maxRetries?: number } = {},
): Promise<HandleResult<S, E>> {
  const metadata = metadataOf(meta);
  const { result, appended } = await appendDecision(
    store,
    () => store.readStream(streamId),
    ({ events: history, revision }) => {
      const state = foldEvents(decider, history);
      const produced = decider.decide(command, state, meta);
      return {
        appends: [
          {
            streamId,
            events: produced.map((e) => ({ type: e.type, data: e.data, metadata })),
            expected: expectedAt(revision),
          },
        ],
        result: { state: produced.reduce(decider.evolve, state), events: produced, revision },
      };
    },
    opts,
  );
  const last = appended[0];
  return { ...result, revision: last ? last.nextRevision : result.revision, checkpoint: last ? last.checkpoint : null };
}
