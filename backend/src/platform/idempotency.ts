import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_REUSED,
  REQUEST_STREAM_PREFIX,
  type RequestAnswered,
} from '@fp/contracts';
import type { EventStore, StreamAppend } from '@fp/infra';
import type { FastifyRequest } from 'fastify';
import { DomainError, metadataOf, type CommandMeta } from './decider';
import { ValidationError } from './http';

const sha256 = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

/** JSON with object keys sorted at every depth: one text per request, whatever order its fields came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A uuid-shaped id derived from its parts: a request sent again mints the same ids. */
export function derivedId(...parts: string[]): string {
  const h = sha256(...parts);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The `Idempotency-Key` header (null when absent); 400 when empty or too long. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) throw new ValidationError(IDEMPOTENCY_KEY_INVALID);
  return key;
}

/** A keyed request: its key, the hash it is bound to, and the stream its answer is kept on. */
export interface KeyedRequest {
  userId: string;
  key: string;
  hash: string;
  stream: string;
}

/**
 * Binds a key to one request: `call` names the paid call (submit, retry, angel-export, checkout) and
 * `request` is its validated input. The stream is per user and key alone, so one key sent to another
 * call is a different request (422), never a second answer.
 */
export function keyedRequest(userId: string, key: string | null, call: string, request: unknown): KeyedRequest | null {
  if (key === null) return null;
  return {
    userId,
    key,
    hash: sha256(call, canonicalJson(request)),
    stream: `${REQUEST_STREAM_PREFIX}${sha256(userId, key).slice(0, 40)}`,
  };
}

/** The answer recorded for this key, or null when there is none yet; 422 when the key was used for another request. */
export async function recordedAnswer<T>(
  store: Pick<EventStore, 'readStream'>,
  request: KeyedRequest,
): Promise<T | null> {
  const { events } = await store.readStream(request.stream);
  const recorded = events.find((e) => e.type === 'RequestAnswered');
  if (!recorded) return null;
  const data = recorded.data as RequestAnswered['data'];
  if (data.requestHash !== request.hash) throw new DomainError(IDEMPOTENCY_KEY_REUSED, 422, 'idempotency_key_reused');
  return data.answer as T;
}

/**
 * The append that records a keyed request's answer, for the same append as what the request charges
 * or creates: both land or neither does. `no_stream`: of two copies sent at once, one records it and
 * the other's whole append is refused (it then reads the answer).
 */
export function answerAppend(request: KeyedRequest, answer: unknown, meta: CommandMeta): StreamAppend {
  const event: RequestAnswered = {
    type: 'RequestAnswered',
    data: { userId: request.userId, requestKey: request.key, requestHash: request.hash, answer },
  };
  return { streamId: request.stream, events: [{ ...event, metadata: metadataOf(meta) }], expected: 'no_stream' };
}
