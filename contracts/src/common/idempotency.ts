/**
 * Idempotent paid calls: a client sends one fresh `Idempotency-Key` per intent (a submit, a retry,
 * an angel export, a checkout) and the same key on every resend of it. The server binds the key to
 * a hash of the request; a resend answers the first answer and charges or creates nothing again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`;
/** 422: the key names another request (another body, another route) than this one. */
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new request with a new key.';

/**
 * The answer a keyed request gave, on stream `request-<hash of user and key>`. It is appended in
 * the same append as what the request charged or created, so there is no moment when the charge
 * exists and the answer does not.
 */
export type RequestAnswered = {
  type: 'RequestAnswered';
  data: {
    userId: string;
    requestKey: string;
    /** sha256 of the route and the canonical JSON of the validated request. */
    requestHash: string;
    answer: unknown;
  };
};
export const REQUEST_STREAM_PREFIX = 'request-';
