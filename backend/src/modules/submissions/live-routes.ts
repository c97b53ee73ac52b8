import { SUBMISSION_NOT_FOUND } from '@fp/contracts';
import { renderLivePage } from '@fp/workflows';
import type { LiveHub } from '@fp/workflows';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { SubmissionRow } from './queries';
import type { SubmissionsContext } from './context';
import { readProofScreenshot } from './download-proof';
import { verifyViewToken } from './tokens';
import { handBackPage, sendTakeoverInput } from './take-over';
import { metaFor } from '../../platform/context';
import { LIVE_WATCH_CHANNEL } from './worker';
import type { CommandMeta } from '../../platform/decider';

const FRAME_MS = 100; // at most 10 frames a second per viewer; the newest wins
const STATE_MS = 1000;
const PING_MS = 15_000;
/** How often a stream tells another process's worker that someone watches (well within REMOTE_WATCH_MS). */
const WATCH_NOTICE_MS = 4_000;

type Req = FastifyRequest<{ Params: { id: string }; Querystring: { token?: string; attempt?: string } }>;
type StopSubmission = (userId: string, id: string, meta: CommandMeta) => Promise<unknown>;
const LINK_EXPIRED = 'This live view link has expired. Open it again from Submissions.';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · FundFlow</title>` +
  `<body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0f17;color:#e6ebf5;font:15px system-ui,sans-serif">` +
  `<div style="text-align:center;max-width:28rem;padding:24px"><h1 style="font-size:18px">${title}</h1><p style="color:#93a0b8">${text}</p><a style="color:#6d8cff" href="/submissions">Back to Submissions</a></div></body></html>`;

/**
 * The live view, served outside /api: a new tab has no bearer header, so each URL carries a signed,
 * short-lived token bound to the submission and its owner (see tokens.ts). Pages: the viewer, its
 * event stream (CDP screencast frames, steps, state) and the proof screenshot.
 */
export function liveRoutes(
  app: FastifyInstance,
  ctx: AppContext & Pick<SubmissionsContext, 'storage'>,
  hub: LiveHub,
  stop: StopSubmission,
) {
  type Access = { check: 'invalid' } | { check: 'ok' | 'expired'; row: SubmissionRow };
  // A stopping server ends the open event streams (a watching page reconnects to the next one):
  // the server's close waits for every open request, and a stream stays open as long as its run.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  async function authorise(req: Req): Promise<Access> {
    const row = (await ctx.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', req.params.id)
      .executeTakeFirst()) as SubmissionRow | undefined;
    if (!row) return { check: 'invalid' };
    const check = verifyViewToken(ctx.config.authSecret, req.query.token, row.id, row.user_id, ctx.clock.now());
    return check === 'invalid' ? { check } : { check, row };
  }

  app.get('/live/:id', async (req: Req, reply: FastifyReply) => {
    const access = await authorise(req);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html');
    if (access.check === 'invalid')
      return reply.status(404).send(page('Live view not found', 'This live view link is not valid.'));
    if (access.check === 'expired')
      return reply
        .status(410)
        .send(page('Live view link expired', 'This live view link has expired. Open it again from Submissions.'));
    return reply.send(
      renderLivePage({ submissionId: access.row.id, token: req.query.token!, firmName: access.row.firm_name }),
    );
  });

  /**
   * Taking over: only with the owner's live view token, only while the run waits for
   * them (409 otherwise); anyone else's token, or none, is a 404 like the live view itself.
   */
  async function owner(req: Req, reply: FastifyReply): Promise<SubmissionRow | null> {
    const access = await authorise(req);
    reply.header('cache-control', 'no-store');
    if (access.check === 'invalid') {
      reply.status(404).send({ error: SUBMISSION_NOT_FOUND });
      return null;
    }
    if (access.check === 'expired') {
      reply.status(410).send({ error: LINK_EXPIRED });
      return null;
    }
    return access.row;
  }
  app.post('/live/:id/input', async (req: Req, reply: FastifyReply) => {
    const row = await owner(req, reply);
    return row ? sendTakeoverInput(ctx, hub, row, req.body, metaFor(ctx, row.user_id)) : reply;
  });
  app.post('/live/:id/continue', async (req: Req, reply: FastifyReply) => {
    const row = await owner(req, reply);
    return row ? handBackPage(ctx, hub, row, metaFor(ctx, row.user_id)) : reply;
  });
  app.post('/live/:id/stop', async (req: Req, reply: FastifyReply) => {
    const row = await owner(req, reply);
    if (!row) return reply;
    await stop(row.user_id, row.id, metaFor(ctx, row.user_id));
    return { success: true };
  });

  app.get('/live/:id/screenshot', async (req: Req, reply: FastifyReply) => {
    const access = await authorise(req);
    if (access.check !== 'ok') return reply.status(404).send({ error: SUBMISSION_NOT_FOUND });
    const row = access.row;
    const attemptId = req.query.attempt || row.attempt_id;
    const png = await readProofScreenshot(ctx, row.id, attemptId);
    if (!png) return reply.status(404).send({ error: 'No screenshot for this submission' });
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });

  app.get('/live/:id/stream', async (req: Req, reply: FastifyReply) => {
    const access = await authorise(req);
    if (access.check === 'invalid') return reply.status(404).send({ error: SUBMISSION_NOT_FOUND });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: string) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${data}\n\n`);
    };
    if (access.check === 'expired') {
      send('expired', '{}');
      res.end();
      return;
    }
    const id = access.row.id;
    let pendingFrame: string | null = null;
    let lastState = '';
    let lastRemote = 0;
    let lastWatchNotice = 0;
    let closed = false;
    const timers: NodeJS.Timeout[] = [];
    const cleanup = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(cleanup);
      unsubscribe();
      timers.forEach(clearInterval);
      if (!res.writableEnded) res.end();
    };

    const snap = hub.snapshot(id);
    if (snap?.step) send('step', snap.step);
    if (snap?.frame) send('frame', snap.frame);
    const unsubscribe = hub.subscribe(id, (e) => {
      if (e.kind === 'frame') pendingFrame = e.data;
      else if (e.kind === 'step') send('step', e.step);
      else void pushState();
    });

    async function pushState() {
      if (closed) return;
      const r = (await ctx.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst()) as
        SubmissionRow | undefined;
      if (!r || closed) return;
      // While it waits for the founder: why, and how long is left (by the server's clock).
      // Controls work wherever the browser is: another process's page gets them through NOTIFY.
      const takeover =
        r.sub_status === 'waiting_for_takeover' && r.takeover_deadline
          ? {
              reason: r.takeover_reason,
              message: r.takeover_message,
              remainingS: Math.max(
                0,
                Math.round((new Date(r.takeover_deadline).getTime() - ctx.clock.now().getTime()) / 1000),
              ),
            }
          : null;
      const state = JSON.stringify({
        status: r.status,
        subStatus: r.sub_status,
        summary: r.summary,
        error: r.error,
        screenshot: r.screenshot,
        attemptId: r.attempt_id,
        takeover,
      });
      if (state !== lastState) {
        lastState = state;
        send('state', state);
      }
      if (r.status !== 'pending' && r.status !== 'processing') {
        setTimeout(cleanup, 250);
        return;
      }
      // The browser runs in another process: its latest screen is in submission_live, kept while
      // someone watches (this stream says so every few seconds).
      if (!hub.isLive(id)) {
        if (Date.now() - lastWatchNotice >= WATCH_NOTICE_MS) {
          lastWatchNotice = Date.now();
          await ctx.pool.query('select pg_notify($1, $2)', [LIVE_WATCH_CHANNEL, id]).catch(() => undefined);
        }
        const remote = (await ctx.db
          .selectFrom('submission_live')
          .select(['step', 'frame', 'updated_at'])
          .where('attempt_id', '=', r.attempt_id)
          .executeTakeFirst()) as { step: string | null; frame: Buffer | null; updated_at: Date } | undefined;
        if (remote && new Date(remote.updated_at).getTime() > lastRemote) {
          lastRemote = new Date(remote.updated_at).getTime();
          if (remote.step) send('step', remote.step);
          if (remote.frame) send('frame', remote.frame.toString('base64'));
        }
      }
    }

    timers.push(
      setInterval(() => {
        if (pendingFrame) {
          send('frame', pendingFrame);
          pendingFrame = null;
        }
      }, FRAME_MS),
      setInterval(() => void pushState().catch(() => undefined), STATE_MS),
      setInterval(() => !res.writableEnded && res.write(': ping\n\n'), PING_MS),
    );
    req.raw.on('close', cleanup);
    openStreams.add(cleanup);
    await pushState().catch(() => undefined);
  });
}
