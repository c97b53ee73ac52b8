import { deckPdf } from '../support/deck-pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/testing/app';
import { founder, TERMINAL, testFirmId, waitUntil } from './support';

/**
 * Authorization matrix, the parts backend/test/authz-matrix.int.test.ts (signed out → 401 on
 * every route) does not cover (docs/reliability.md §5), walking the registered routes:
 *  - another user's resources → 404 on every route with an id in its path (submissions, live
 *    view, its event stream, proof screenshots, stop/retry/live URL), and nothing changes;
 *  - lists and counts never show another user's rows;
 *  - a signed-in non-admin → 403 on every admin route, and no other route answers that.
 */
const ADMIN_ROUTES = [/^\/api\/security\//, /^\/api\/mailbox(\/|$)/, /^\/api\/ops\//];
const ADMIN_REQUIRED = 'Admin access required';
/** The ledger and audit routes also let auditors in. */
const ADMIN_OR_AUDITOR = 'Admin or auditor access required';
/** Routes whose path id is a resource of one user. */
const PER_USER =
  /^\/(api\/submissions|api\/deck-links|api\/deck-rooms|api\/investor-updates|api\/pipeline|api\/saved-searches|api\/answers|api\/local-checkout|api\/purchases|live)\//;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Other Founder' };
const VALID_BODY: Record<string, unknown> = {
  'PATCH /api/investor-updates/:id': { recipients: { stages: [], emails: ['hijack@other.example'], addresses: [] } },
  'PATCH /api/deck-links/:id': { enabled: false },
  'PATCH /api/deck-rooms/:id': { name: 'Written by another user' },
  'PATCH /api/pipeline/:id': { notes: 'Written by another user' },
  'PATCH /api/saved-searches/:id': { name: 'Written by another user' },
  'PATCH /api/answers/:id': { answer: 'Written by another user' },
  'POST /api/submissions/:id/answers': { answers: [{ question: 'Why now?', answer: 'Written by another user' }] },
  'POST /api/local-checkout/:id/pay': CARD,
};
/** A query the route needs from its owner, so only the ownership check can refuse it. */
const VALID_QUERY: Record<string, string> = { 'PUT /api/deck-rooms/:id/documents': '?name=room.pdf' };

let app: TestApp;
let owner: { id: string; token: string };
let other: { id: string; token: string };
let admin: { id: string; token: string };
/** The owner's per-user ids that may appear in a path, and the view token signed for the owner. */
const mine: {
  updateId?: string;
  deckLinkId?: string;
  submissionId?: string;
  viewToken?: string;
  attemptId?: string;
  pipelineCardId?: string;
  savedSearchId?: string;
  answerId?: string;
  checkoutId?: string;
  roomId?: string;
} = {};
let othersViewToken: string | undefined;

beforeAll(async () => {
  app = await startTestApp();
  owner = await founder(app, 3);
  other = await founder(app, 3);
  admin = await app.createUser({ admin: true });
  // One real run each (fast sandbox sites), so the owner's submission has a proof screenshot.
  const a = await app.api('POST', '/api/submit-to-test-vcs', {
    token: owner.token,
    body: { testVcIds: [testFirmId('granite-growth')] },
  });
  const b = await app.api('POST', '/api/submit-to-test-vcs', {
    token: other.token,
    body: { testVcIds: [testFirmId('ember-capital')] },
  });
  expect([a.status, b.status]).toEqual([200, 200]);
  const finished = async (token: string, id: string) =>
    waitUntil(
      `submission ${id} to end`,
      async () => {
        const r = await app.api('GET', `/api/submissions/${id}`, { token });
        return TERMINAL.includes(r.body.status) ? r.body : null;
      },
      120_000,
      300,
    );
  const sa = await finished(owner.token, a.body.submissionIds[0]);
  const sb = await finished(other.token, b.body.submissionIds[0]);
  expect([sa.status, sb.status]).toEqual(['completed', 'completed']);
  expect(sa.screenshotUrl && sb.screenshotUrl).toBeTruthy();
  const url = new URL(sa.screenshotUrl, app.url);
  Object.assign(mine, {
    submissionId: sa.id,
    viewToken: url.searchParams.get('token')!,
    attemptId: url.searchParams.get('attempt')!,
  });
  // The other user's own, valid view token (signed for their submission).
  othersViewToken = new URL(sb.screenshotUrl, app.url).searchParams.get('token')!;
  // A card on the owner's pipeline board (its id is the owner's, like a submission id).
  const seeded = await app.services.catalog.seed({ vc: 3, angels: 0, seed: 5 }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(seeded.checkpoint, 60_000);
  const vcId = (await app.api('GET', '/api/vc-firms?limit=1', { token: owner.token })).body.firms[0].id;
  const card = await app.api('POST', '/api/pipeline', {
    token: owner.token,
    body: { investorId: vcId, investorKind: 'vc' },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  mine.pipelineCardId = card.body.id;
  const saved = await app.api('POST', '/api/saved-searches', {
    token: owner.token,
    body: { name: 'Mine', kind: 'vc', query: {} },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  mine.savedSearchId = saved.body.id;
  const answer = await app.api('POST', '/api/answers', {
    token: owner.token,
    body: { question: 'Why now?', answer: 'Mine' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  mine.answerId = answer.body.answer.id;
  // A paid checkout (the local one): its session id is the owner's, and so is the receipt.
  const checkout = await app.api('POST', '/api/checkout', { token: owner.token, body: { product: 'pack' } });
  mine.checkoutId = checkout.body.url.split('/').at(-1);
  const paid = await app.api('POST', `/api/local-checkout/${mine.checkoutId}/pay`, { token: owner.token, body: CARD });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  // A deck link of the owner's (their deck uploaded first).
  const deck = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(deckPdf(2)),
  });
  expect(deck.status, await deck.text()).toBe(200);
  const link = await app.api('POST', '/api/deck-links', {
    token: owner.token,
    body: { email: 'reader@investor.example' },
  });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  mine.deckLinkId = link.body.id;
  // An investor update of the owner's (a draft: another founder's Send must still be a 404).
  const update = await app.api('POST', '/api/investor-updates', { token: owner.token, body: {} });
  expect(update.status, JSON.stringify(update.body)).toBe(201);
  mine.updateId = update.body.id;
  // A data room of the owner's.
  const room = await app.api('POST', '/api/deck-rooms', { token: owner.token, body: { name: 'Mine' } });
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  mine.roomId = room.body.id;
  await app.ctx.projections.waitFor(undefined, 20_000);
});
afterAll(async () => app?.close());

const routes = () => app.runtime.app!.routeList;
const withParams = () =>
  routes().filter((r) => /:\w+/.test(r.url) && (r.url.startsWith('/api/') || r.url.startsWith('/live/')));

describe("another user's resources", () => {
  it('answers 404 on every route with the owner’s id in its path, to another user, and changes nothing', async () => {
    expect(withParams().length).toBeGreaterThanOrEqual(7);
    let perUser = 0;
    for (const r of withParams()) {
      const isLive = r.url.startsWith('/live/');
      // Operators' routes take any user's ids by design; the admin test below covers them.
      if (ADMIN_ROUTES.some((re) => re.test(r.url))) continue;
      // The deck viewer is public and addressed by the link's secret token, not by a user's id (deck-links.int covers its refusals).
      if (r.url.startsWith('/api/d/')) continue;
      // The founder's documents are addressed by kind, not by an id: the session picks the founder's own
      // (founder-documents.int checks that another founder reaches none).
      if (r.url.startsWith('/api/documents/')) continue;
      const ownerId = r.url.startsWith('/api/deck-links/')
        ? mine.deckLinkId!
        : r.url.startsWith('/api/deck-rooms/')
          ? mine.roomId!
          : r.url.startsWith('/api/investor-updates/')
            ? mine.updateId!
            : r.url.startsWith('/api/pipeline/')
              ? mine.pipelineCardId!
              : r.url.startsWith('/api/saved-searches/')
                ? mine.savedSearchId!
                : r.url.startsWith('/api/answers/')
                  ? mine.answerId!
                  : /^\/api\/(local-checkout|purchases)\//.test(r.url)
                    ? mine.checkoutId!
                    : mine.submissionId!;
      const path = r.url.replace(/:\w+/g, encodeURIComponent(ownerId));
      const query = (token: string | undefined) =>
        isLive
          ? `?${new URLSearchParams({ ...(token ? { token } : {}), attempt: mine.attemptId! })}`
          : (VALID_QUERY[`${r.method} ${r.url}`] ?? '');
      // A body the route would accept from its owner, so only the ownership check can refuse it.
      const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)
        ? (VALID_BODY[`${r.method} ${r.url}`] ?? {})
        : undefined;
      // The owner reaches it (the id means something here) — read-only routes only, so nothing changes.
      if (r.method === 'GET') {
        const res = await fetch(`${app.url}${path}${query(mine.viewToken)}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) {
          // Not a per-user resource route (e.g. the catalog's /api/investors/:id): the id is unknown there to everyone.
          expect(r.url, `${r.method} ${r.url} answered the owner ${res.status}`).not.toMatch(PER_USER);
          continue;
        }
      }
      perUser++;
      const head = await app.writes();
      // Another signed-in user, with their own valid view token where the route takes one.
      const res = await fetch(`${app.url}${path}${query(othersViewToken)}`, {
        method: r.method,
        headers: { authorization: `Bearer ${other.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      expect(res.status, `${r.method} ${r.url} as another user: ${text.slice(0, 200)}`).toBe(404);
      if (!(isLive && r.url === '/live/:id')) expect(JSON.parse(text).error, `${r.method} ${r.url}`).toBeTruthy();
      // And without any token or session: still nothing.
      // (With the route's own method: a GET of a POST-only path is the screens' fallback page.)
      if (isLive) {
        const bare = await fetch(`${app.url}${path}`, {
          method: r.method,
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        await bare.arrayBuffer();
        expect(bare.status, `${r.method} ${r.url} without a token`).toBe(404);
      }
      expect(await app.writes(), `${r.method} ${r.url} wrote for another user`).toBe(head);
    }
    // Every submissions, live, pipeline and checkout route was reached as a per-user route.
    const expected = withParams().filter((r) => PER_USER.test(r.url)).length;
    expect(perUser).toBe(expected);
    expect(perUser).toBeGreaterThanOrEqual(7);
    console.log(
      `[reliability] authz: ${perUser} per-user routes answer 404 to another user (${withParams().length} routes with an id in the path)`,
    );
    // The owner's submission is as it was.
    const r = await app.api('GET', `/api/submissions/${mine.submissionId}`, { token: owner.token });
    expect(r.body.status).toBe('completed');
    expect(r.body.attempt).toBe(1);
  });

  it("never lists or counts another user's rows", async () => {
    const list = await app.api('GET', '/api/submissions?limit=500', { token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.submissions.map((s: { id: string }) => s.id)).not.toContain(mine.submissionId);
    expect(list.body.total).toBe(1);
    expect((await app.api('GET', '/api/submission-stats', { token: other.token })).body.total).toBe(1);
    const history = await app.api('GET', '/api/credits/history', { token: other.token });
    expect(JSON.stringify(history.body)).not.toContain(mine.submissionId);
    // A user id smuggled into a query is refused, not obeyed (strict schemas).
    for (const p of ['/api/submissions', '/api/credits/history', '/api/startup-profile']) {
      const r = await app.api('GET', `${p}?userId=${owner.id}`, { token: other.token });
      expect(r.status === 400 || !JSON.stringify(r.body).includes(owner.id), p).toBe(true);
    }
  });
});

describe('admin routes', () => {
  it('answers 403 to a signed-in non-admin on every admin route, and only there', async () => {
    const api = routes().filter((r) => r.url.startsWith('/api/') && !r.url.includes('*'));
    const adminRoutes = api.filter((r) => ADMIN_ROUTES.some((re) => re.test(r.url)));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
    for (const r of api) {
      const path = r.url.replace(/:(\w+)/g, 'some-$1');
      const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) ? {} : undefined;
      const asUser = await app.api(r.method, path, { token: other.token, body });
      if (adminRoutes.includes(r)) {
        expect(asUser.status, `${r.method} ${r.url} as a non-admin`).toBe(403);
        expect([ADMIN_REQUIRED, ADMIN_OR_AUDITOR], `${r.method} ${r.url}`).toContain(asUser.body?.error);
        // An admin gets past the check (a 400 for the empty body is fine, a 401/403 is not).
        const asAdmin = await app.api(r.method, path, { token: admin.token, body });
        expect([401, 403], `${r.method} ${r.url} as an admin answered ${asAdmin.status}`).not.toContain(asAdmin.status);
      } else {
        // A route that asks for an admin but is missing from ADMIN_ROUTES: add it there.
        expect(asUser.body?.error, `${r.method} ${r.url} requires an admin: list it in ADMIN_ROUTES`).not.toBe(
          ADMIN_REQUIRED,
        );
      }
    }
  });
});
