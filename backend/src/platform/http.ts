import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseBusy } from '@fp/infra';
import { ZodError, type ZodType } from 'zod';
import { DomainError } from './decider';

// The sanctioned Fastify way to type a route's own config (CODE_STYLE.md, type augmentations).
declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 says on this route (an upload names its own limit); read by the error handler below. */
    tooLargeMessage?: string;
  }
}

/** Bad input: answered as 400 `{ error }`. */
export class ValidationError extends DomainError {
  constructor(message: string) {
    super(message, 400, 'validation');
  }
}

/** Formats the first zod issue as one readable sentence ("limit: Too big: expected number to be <=100"). */
export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys')
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  // Custom messages (the spec's strings) stand alone.
  if (issue.message && !/^(Invalid|Too|Expected|Required)/.test(issue.message)) return issue.message;
  return `${where}${issue.message}`;
}

export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new ValidationError(zodMessage(r.error));
  return r.data;
}

/** Content-Disposition for a download: an ASCII fallback name plus the exact name (RFC 6266/5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Postgres SQLSTATEs for text it cannot store or compare: character_not_in_repertoire, untranslatable_character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14) against a body of `size` bytes: the
 * inclusive range to send (206), null to send the whole body (no header, a unit other than bytes,
 * several ranges or a malformed one: ignoring the header is allowed), or 'unsatisfiable' (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const DATABASE_BUSY = 'The server is busy right now. Please try again in a moment.';
const BUSY_RETRY_AFTER_S = 2;

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof DomainError) {
      return reply.status(err.status).send({ error: err.message, ...(err.details ?? {}) });
    }
    if (err instanceof ZodError) return reply.status(400).send({ error: zodMessage(err) });
    // Postgres refuses text it cannot hold (a NUL byte such as /api/submissions/%00, a broken
    // \u escape in JSON): such text can only have come from the request.
    if (UNSTORABLE_TEXT.has((err as { code?: unknown }).code as string))
      return reply
        .status(400)
        .send({ error: 'The request contains characters that are not allowed (e.g. a NUL byte)' });
    // No free connection within the acquire timeout, a statement or lock wait over its limit: the
    // server is busy, not broken and not the client's fault. Say when to come back; never hang.
    if (isDatabaseBusy(err)) {
      req.log.warn({ err: (err as Error).message, url: req.url }, 'database busy: answered 503');
      return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).send({ error: DATABASE_BUSY });
    }
    const fe = err as FastifyError;
    // Fastify's own client errors: malformed JSON, wrong content type, body too large…
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fe instanceof SyntaxError ||
        fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Malformed JSON body'
          : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? (req.routeOptions?.config?.tooLargeMessage ?? 'Request body is too large')
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type: send application/json'
              : fe.message;
      return reply.status(fe.statusCode).send({ error: message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}
