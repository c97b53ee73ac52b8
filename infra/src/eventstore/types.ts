/**
 * The event store port. Two adapters implement it (Postgres, EventStoreDB) and pass one contract
 * suite (infra/test/eventstore.contract.ts).
 */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  /** Optional: supplied by the caller for idempotent appends; generated otherwise. */
  eventId?: string;
  metadata?: EventMetadata;
}

export interface EventMetadata {
  /** When the command was accepted (ISO 8601): time enters through metadata, never inside deciders. */
  now?: string;
  actor?: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

export interface RecordedEvent<T extends string = string, D = any> {
  eventId: string;
  streamId: string;
  /** 0-based position of the event within its stream (the stream's revision after it). */
  streamPosition: number;
  /** Opaque, totally ordered position in the global log; a projection checkpoint. */
  checkpoint: string;
  /** Monotonic number for display (health, lag); not a checkpoint. */
  sequence: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  createdAt: string;
}

/**
 * When an event happened: the command's clock (`metadata.now`, which tests and replays set), else
 * when the store wrote it. Read models and histories show this time.
 */
export const eventTime = (e: Pick<RecordedEvent, 'metadata' | 'createdAt'>): string => e.metadata.now ?? e.createdAt;

/** Expected revision: the stream must not exist, may be anything, or must be at exactly this revision. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Revision of the stream after the append (position of its last event). */
  nextRevision: number;
  /** Checkpoint of the last appended event: wait for projections to pass it for read-your-writes. */
  checkpoint: string;
  events: RecordedEvent[];
}

export interface ReadStreamResult {
  events: RecordedEvent[];
  /** -1 when the stream does not exist. */
  revision: number;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /**
   * True when `appendMany` is all-or-nothing as readers see it: both adapters (Postgres in one
   * transaction, EventStoreDB through a batch with one commit point, batch.ts). A store where it is
   * false checks every expected revision first, then appends the streams in order, so a race lost
   * midway leaves the streams before it written; callers then charge, write and refund instead.
   */
  readonly atomicAppendMany: boolean;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams, each with its own expected revision; results in the order given.
   * A stream's conflict throws ConcurrencyError naming it. Each stream id at most once per call.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string): Promise<ReadStreamResult>;
  /** Several streams at once (a missing one answers revision -1), keyed by stream id. */
  readStreams(streamIds: string[]): Promise<Map<string, ReadStreamResult>>;
  /** Global log after a checkpoint (null = from the start), in order, at most `limit` events. */
  readAll(opts: { after: string | null; limit: number; types?: string[] }): Promise<RecordedEvent[]>;
  /** Checkpoint of the newest committed event (readers may not have it yet), or null when the log is empty. */
  head(): Promise<string | null>;
  /**
   * Whether a committed event is not readable by readAll yet: held back by an older transaction still
   * in flight (Postgres). A reader that found nothing new reads again once none is held back.
   */
  heldBack(): Promise<boolean>;
  /** Number of committed events after the checkpoint, readable yet or not (lag; catching up). */
  countAfter(after: string | null, types?: string[]): Promise<number>;
  /** Compares two checkpoints: negative when a comes first. */
  compare(a: string | null, b: string | null): number;
  /**
   * Calls `wake` whenever new events may be readable, with their types when the store knows them
   * (undefined: events of any type may have landed). Returns an unsubscribe function.
   */
  subscribe(wake: (types?: string[]) => void): Promise<() => Promise<void>>;
  /** Lists stream ids with a prefix (auditors replay every credit stream). */
  listStreams(prefix: string): Promise<string[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Raised when the expected revision does not match: the caller re-reads and decides again. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at revision ${actual}, expected ${String(expected)}`);
  }
}
