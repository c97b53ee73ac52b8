import {
  API_ROUTES,
  DeckPagesBeacon,
  deviceOf,
  EnterDeckRoomRequest,
  pathParams,
  RATE_LIMIT_EXCEEDED,
  SendDeckCodeRequest,
  StartDeckVisitRequest,
} from '@fp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { metaFor } from '../../platform/context';
import { DomainError } from '../../platform/decider';
import { attachmentHeader, byteRange, parse } from '../../platform/http';
import { headersFrom } from '../../platform/identity/port';
import type { DeckLinksContext } from './route-context';
import { isPreviewVisit, PREVIEW_VISIT, type LinkRow } from './view-deck';

/** The viewer's API paths: public (no session check), served by this module only. */
export const VIEWER_PATHS = [/^\/api\/d\//];

const VIEWER_ACTOR = 'deck-viewer';

/**
 * The public deck viewer's API (no FundFlow account): `/api/d/:token…`. Unknown and malformed tokens
 * are the same 404, answers never name the founder or another link, and every call is counted per
 * client address (rate limits in context.ts). A request carrying the founder's own session is a
 * preview: shown, never recorded.
 */
export function deckViewerRoutes(app: FastifyInstance, ctx: DeckLinksContext) {
  const viewer = ctx.deckLinks.viewer;
  const limits = ctx.limits;

  /** Counts the call; over the limit, 429 with Retry-After. A counter store that fails lets the call through (as the security module does). */
  async function limit(req: FastifyRequest, reply: FastifyReply, key: string, max: number, windowMs: number) {
    // Addresses the operators allow-listed (SECURITY_IP_ALLOW: monitors, load tests) are not limited.
    if (ctx.security.isAllowedIp(req.ip)) return;
    const { current, ttl } = await ctx.security.counters
      .hit(`deck:${key}:${req.ip}`, windowMs)
      .catch(() => ({ current: 0, ttl: 0 }));
    if (current <= max) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
    throw new DomainError(RATE_LIMIT_EXCEEDED, 429, 'rate_limited');
  }

  /** The link, after the per-address limit; `owner`: the request carries the founder's own session. */
  async function open(
    req: FastifyRequest,
    reply: FastifyReply,
    token: string,
  ): Promise<{ row: LinkRow; owner: boolean }> {
    await limit(req, reply, 'any', limits.requestsPerMinute, 60_000);
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer');
    const row = await viewer.link(token);
    let owner = false;
    if (req.headers.authorization) {
      const who = await ctx.identity
        .authenticate(headersFrom(req.headers as Record<string, string | string[] | undefined>))
        .catch(() => null);
      owner = who?.id === row.user_id;
    }
    return { row, owner };
  }

  app.get(API_ROUTES.deckViewer, async (req, reply) => {
    const { row, owner } = await open(req, reply, parse(pathParams('deckViewer'), req.params).token);
    return viewer.info(row, ctx.clock.now(), owner);
  });

  /** Too many wrong passcodes for this link from this address: refused before another is tried. */
  async function passcodeLocked(req: FastifyRequest, reply: FastifyReply, row: LinkRow) {
    const failures = await ctx.security.counters
      .peek(`deck:passcode:${row.id}:${req.ip}`)
      .catch(() => ({ current: 0, ttl: 0 }));
    if (failures.current < limits.passcodeFailuresPerWindow) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(failures.ttl / 1000))));
    throw new DomainError(RATE_LIMIT_EXCEEDED, 429, 'rate_limited');
  }

  /** Runs a gate; a wrong passcode counts toward the address's limit for this link. */
  async function countingPasscode<T>(req: FastifyRequest, row: LinkRow, gate: () => Promise<T>): Promise<T> {
    try {
      return await gate();
    } catch (err) {
      if (err instanceof DomainError && err.code === 'passcode_wrong')
        await ctx.security.counters.hit(`deck:passcode:${row.id}:${req.ip}`, limits.windowMs).catch(() => undefined);
      throw err;
    }
  }

  app.post(API_ROUTES.deckViewerVisits, async (req, reply) => {
    const { row, owner } = await open(req, reply, parse(pathParams('deckViewerVisits'), req.params).token);
    if (!owner) await limit(req, reply, 'visits', limits.visitsPerWindow, limits.windowMs);
    await passcodeLocked(req, reply, row);
    const body = parse(StartDeckVisitRequest, req.body ?? {});
    const { passcodeFailed: _f, ...started } = await countingPasscode(req, row, () =>
      viewer.start(
        row,
        body,
        owner,
        metaFor(ctx, owner ? row.user_id : VIEWER_ACTOR),
        deviceOf(req.headers['user-agent']),
      ),
    );
    return reply.status(201).send(started);
  });

  // A data room's link: the gates and the NDA (its acceptance recorded), then the room's documents.
  app.post(API_ROUTES.deckViewerRoom, async (req, reply) => {
    const { row, owner } = await open(req, reply, parse(pathParams('deckViewerRoom'), req.params).token);
    if (!owner) await limit(req, reply, 'visits', limits.visitsPerWindow, limits.windowMs);
    await passcodeLocked(req, reply, row);
    const body = parse(EnterDeckRoomRequest, req.body ?? {});
    const { passcodeFailed: _f, ...entered } = await countingPasscode(req, row, () =>
      viewer.enterRoom(row, body, owner, metaFor(ctx, owner ? row.user_id : VIEWER_ACTOR)),
    );
    return reply.status(201).send(entered);
  });

  // One document of the room, through an entry of this link (none: 401, nothing served).
  app.post(API_ROUTES.deckViewerRoomVisits, async (req, reply) => {
    const { token, entryId, documentId } = parse(pathParams('deckViewerRoomVisits'), req.params);
    const { row, owner } = await open(req, reply, token);
    if (!owner) await limit(req, reply, 'visits', limits.visitsPerWindow, limits.windowMs);
    const preview = owner && entryId === PREVIEW_VISIT;
    const started = await viewer.roomVisit(
      row,
      entryId,
      documentId,
      preview,
      metaFor(ctx, preview ? row.user_id : VIEWER_ACTOR),
      deviceOf(req.headers['user-agent']),
    );
    return reply.status(201).send(started);
  });

  // A one-time code to the viewer's e-mail: limited per address here, per link and e-mail by the code decider.
  app.post(API_ROUTES.deckViewerCodes, async (req, reply) => {
    const { row } = await open(req, reply, parse(pathParams('deckViewerCodes'), req.params).token);
    const body = parse(SendDeckCodeRequest, req.body ?? {});
    await limit(req, reply, 'codes', limits.codeSendsPerWindow, limits.windowMs);
    return reply.status(202).send(await viewer.sendCode(row, body, metaFor(ctx, VIEWER_ACTOR)));
  });

  app.post(API_ROUTES.deckViewerVisitPages, async (req, reply) => {
    const { token, visitId } = parse(pathParams('deckViewerVisitPages'), req.params);
    const { row, owner } = await open(req, reply, token);
    const beacon = parse(DeckPagesBeacon, req.body ?? {});
    if (!(owner && isPreviewVisit(visitId))) await viewer.pages(row, visitId, beacon, metaFor(ctx, VIEWER_ACTOR));
    return reply.status(204).send();
  });

  app.get(API_ROUTES.deckViewerVisitCover, async (req, reply) => {
    const { token, visitId } = parse(pathParams('deckViewerVisitCover'), req.params);
    const { row, owner } = await open(req, reply, token);
    const cover = await viewer.cover(row, visitId, owner && isPreviewVisit(visitId), metaFor(ctx, VIEWER_ACTOR));
    return reply.type('image/webp').send(cover);
  });

  for (const [key, download] of [
    ['deckViewerVisitFile', false],
    ['deckViewerVisitDownload', true],
  ] as const) {
    app.get(API_ROUTES[key], async (req, reply) => {
      const { token, visitId } = parse(pathParams(key), req.params);
      const { row, owner } = await open(req, reply, token);
      const preview = owner && isPreviewVisit(visitId);
      const file = await viewer.file(row, visitId, preview, download, metaFor(ctx, VIEWER_ACTOR));
      reply.type('application/pdf');
      if (download) return reply.header('content-disposition', attachmentHeader(file.fileName)).send(file.bytes);
      // The viewer's pdf.js asks for byte ranges, so a long deck's first page comes before its last.
      reply.header('content-disposition', 'inline').header('accept-ranges', 'bytes');
      const range = byteRange(req.headers.range, file.bytes.length);
      if (range === 'unsatisfiable')
        return reply.status(416).header('content-range', `bytes */${file.bytes.length}`).send();
      if (!range) return reply.send(file.bytes);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes.length}`)
        .send(file.bytes.subarray(range.start, range.end + 1));
    });
  }
}
