import { deckLinkStream, type DeckLinkEvent } from '@fp/contracts';
import { deckPdf } from '../test/support/deck-pdf';
import { startTestApp } from '../src/testing/app';
import { benchPostgres, percentile } from './support';

const LINKS = 100;
const MEASURED_VISITS = 600;
const TOTAL_VISITS = 10_000;
const CONCURRENCY = 8;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Deck links (issue 27): analytics ingestion through the public viewer's API (a visit = start + three
 * page reports, 8 readers at once over 100 links), then the founder's deck page and link list at
 * 10,000 visits (the rest written straight to the links' streams and projected).
 */
export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  // The bench reads from one address: allow-listed, as a load test would be (docs/deck-links.md).
  const app = await startTestApp({ pgAdminUrl: server.adminUrl, security: { ipAllowList: ['127.0.0.1'] } });
  try {
    const founder = await app.createUser();
    const up = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, { method: 'PUT', headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/pdf' }, body: new Uint8Array(deckPdf(12)) });
    if (up.status !== 200) throw new Error(`deck upload answered ${up.status}`);
    const links: { id: string; token: string }[] = [];
    for (let i = 0; i < LINKS; i++) {
      const r = await app.api('POST', '/api/deck-links', { token: founder.token, body: { email: `gp${i}@fund${i}.example` } });
      links.push({ id: r.body.id, token: r.body.url.split('/d/')[1] });
    }

    // Ingestion over HTTP.
    let next = 0;
    const reportMs: number[] = [];
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < MEASURED_VISITS; i = next++) {
        const l = links[i % LINKS]!;
        const v = await app.api('POST', `/api/d/${l.token}/visits`, { body: { email: `reader${i}@fund.example` } });
        if (v.status !== 201) throw new Error(`visit answered ${v.status} ${JSON.stringify(v.body)}`);
        for (const page of [1, 2, 3]) {
          const t = performance.now();
          const r = await app.api('POST', `/api/d/${l.token}/visits/${v.body.visitId}/pages`, { body: { pages: [{ page, seconds: 0.5 }], lastPage: page, pageCount: 12 } });
          if (r.status !== 204) throw new Error(`report answered ${r.status} ${JSON.stringify(r.body)}`);
          reportMs.push(performance.now() - t);
        }
      }
    }));
    const ingestS = (performance.now() - t0) / 1000;
    console.error(`[bench] deck-links: ${MEASURED_VISITS} visits ingested in ${round(ingestS)} s`);

    // The rest of the 10,000 visits, appended straight to the links' streams.
    const meta = { now: new Date().toISOString(), actor: 'bench' };
    const rest = TOTAL_VISITS - MEASURED_VISITS;
    for (let k = 0; k < LINKS; k++) {
      const events: DeckLinkEvent[] = [];
      for (let j = k; j < rest; j += LINKS) {
        const visitId = `bench-${j}`;
        const at = new Date(Date.now() - (j % 14) * 86_400_000).toISOString();
        events.push({ type: 'DeckVisitStarted', data: { linkId: links[k]!.id, userId: founder.id, visitId, at, email: `r${j}@fund.example`, investorId: null, investorKind: null, deckId: '' } });
        const reach = 1 + (j % 12);
        events.push({ type: 'DeckPagesRead', data: { linkId: links[k]!.id, userId: founder.id, visitId, at, pages: Array.from({ length: reach }, (_, p) => ({ page: p + 1, seconds: 5 + (p % 4) })), lastPage: reach, pageCount: 12 } });
      }
      await app.ctx.store.append(deckLinkStream(links[k]!.id), events.map((e) => ({ ...e, metadata: meta })), 'any');
    }
    // The visits above name no deck version: point them at the current deck, as the viewer's would.
    const deck = (await app.api('GET', '/api/pitch-deck', { token: founder.token })).body.current.id as string;
    console.error('[bench] deck-links: streams written; projecting');
    const p0 = performance.now();
    await app.ctx.projections.waitFor(undefined, 600_000);
    const projectS = (performance.now() - p0) / 1000;
    console.error(`[bench] deck-links: projected (${JSON.stringify((await app.ctx.projections.status()).filter((p) => p.status !== "running"))})`);
    await app.ctx.pool.query(`update deck_visits set deck_id = $1 where deck_id = ''`, [deck]);
    const count = Number((await app.ctx.pool.query(`select count(*) as n from deck_visits`)).rows[0].n);

    const timed = async (path: string, n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const r = await app.api('GET', path, { token: founder.token });
        if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
        ms.push(performance.now() - t);
      }
      return ms;
    };
    console.error(`[bench] deck-links: ${count} visits in the read model; timing reads`);
    const deckPage = await timed('/api/deck-analytics', 100);
    const list = await timed('/api/deck-links', 100);
    const one = await timed(`/api/deck-links/${links[0]!.id}/analytics`, 100);
    // A report on a link whose stream now holds ~100 visits (~200 events): the decider folds it.
    const v = await app.api('POST', `/api/d/${links[0]!.token}/visits`, { body: { email: 'late@fund.example' } });
    const late: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await app.api('POST', `/api/d/${links[0]!.token}/visits/${v.body.visitId}/pages`, { body: { pages: [{ page: 1, seconds: 0.1 }], lastPage: 1 } });
      late.push(performance.now() - t);
    }

    return {
      'deck_links.ingest_visits': MEASURED_VISITS,
      'deck_links.ingest_visits_per_s': round(MEASURED_VISITS / ingestS),
      'deck_links.ingest_reports_per_s': round((MEASURED_VISITS * 3) / ingestS),
      'deck_links.report_p95_ms': round(percentile(reportMs, 95)),
      'deck_links.visits_total': count,
      'deck_links.project_events_per_s': round((rest * 2) / projectS),
      'deck_links.deck_page_p50_ms': round(percentile(deckPage, 50)),
      'deck_links.deck_page_p95_ms': round(percentile(deckPage, 95)),
      'deck_links.deck_page_aim': 'p95 ≤ 200 ms at 10,000 visits',
      'deck_links.list_p95_ms': round(percentile(list, 95)),
      'deck_links.link_analytics_p95_ms': round(percentile(one, 95)),
      'deck_links.report_on_busy_link_p95_ms': round(percentile(late, 95)),
    };
  } finally {
    await app.close();
    await server.stop();
  }
}
