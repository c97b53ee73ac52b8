import { deckLinkStream, type DeckLinkEvent } from '@fp/contracts';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { deckPdf } from '../test/support/deck-pdf';
import { startTestApp, type TestApp } from '../src/testing/app';
import { BENCH_CHROMIUM, benchPostgres, percentile } from './support';

const DIST_INDEX = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'frontend',
  'dist',
  'index.html',
);
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const VIEWER_PAGES = 30;
const VIEWER_RUNS = 7;

const LINKS = 100;
const MEASURED_VISITS = 600;
const TOTAL_VISITS = 10_000;
const CONCURRENCY = 8;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Deck links: analytics ingestion through the public viewer's API (a visit = start + three
 * page reports, 8 readers at once over 100 links), then the founder's deck page and link list at
 * 10,000 visits (the rest written straight to the links' streams and projected), and the viewer's
 * time to first page for a 30-page deck in Chromium (needs the built frontend).
 */
/** A 30-page deck as Chromium prints it from HTML (headings, text, a chart, coloured backgrounds per slide). */
async function printDeck(browser: Browser, pages: number): Promise<Buffer> {
  const p = await (await browser.newContext()).newPage();
  const slide = (i: number) => `<section style="background:linear-gradient(135deg,hsl(${(i * 37) % 360},60%,92%),#fff)">
    <h1>Lumen Robotics · ${i + 1}</h1><p>${'Warehouse picking is slow and labour is scarce; robots that pick any item with a learned grasp model. '.repeat(3)}</p>
    <svg width="600" height="220" viewBox="0 0 600 220">${Array.from({ length: 12 }, (_, k) => `<rect x="${k * 48 + 10}" y="${200 - ((k * 17 + i * 7) % 180)}" width="36" height="${(k * 17 + i * 7) % 180}" fill="hsl(${(i * 37 + k * 9) % 360},55%,50%)"/>`).join('')}</svg></section>`;
  await p.setContent(
    `<style>@page{margin:0}html,body{margin:0}section{box-sizing:border-box;height:580px;overflow:hidden;font:22px sans-serif;padding:36px;break-after:page}section:last-child{break-after:auto}h1{font-size:40px}</style>${Array.from({ length: pages }, (_, i) => slide(i)).join('')}`,
  );
  const pdf = await p.pdf({ width: '800px', height: '600px', printBackground: true });
  await p.context().close();
  return pdf;
}

/**
 * Viewer time to first page: a fresh phone browser (375 px, 3x density, no cache) opens a link that asks
 * nothing, until page 1 is on screen (pixels that are not blank: the cover image drawn at upload,
 * or pdf.js's page, whichever comes first), and until pdf.js has drawn page 1 of the 30 itself.
 * Also the JavaScript that came before the first page, raw and as gzip would send it.
 */
async function viewerFirstPage(app: TestApp): Promise<Record<string, number | string>> {
  if (!existsSync(DIST_INDEX))
    return {
      'deck_links.viewer_first_page': 'skipped: build the frontend first (npx turbo run build --filter=@fp/frontend)',
    };
  const browser = await chromium.launch(BENCH_CHROMIUM);
  try {
    const founder = await app.createUser();
    const deck = await printDeck(browser, VIEWER_PAGES);
    const up = await fetch(`${app.url}/api/pitch-deck?name=lumen-30.pdf`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(deck),
    });
    if (up.status !== 200) throw new Error(`30-page deck upload answered ${up.status}`);
    const link = await app.api('POST', '/api/deck-links', { token: founder.token, body: { requireEmail: false } });
    const url = `${app.url}/d/${(link.body.url as string).split('/d/')[1]}`;
    // The founder looks at their own link once (a preview), as before sharing it: that also waits for
    // the cover, which the upload draws beside its answer.
    const token = (link.body.url as string).split('/d/')[1]!;
    const auth = { authorization: `Bearer ${founder.token}` };
    const preview = (await (
      await fetch(`${app.url}/api/d/${token}/visits`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { visitId: string };
    const cover = await fetch(`${app.url}/api/d/${token}/visits/${preview.visitId}/cover`, { headers: auth });
    if (cover.status !== 200) throw new Error(`the deck's cover answered ${cover.status}`);
    const ms: number[] = [];
    const liveMs: number[] = [];
    let js = { raw: 0, gzip: 0 };
    for (let i = 0; i < VIEWER_RUNS; i++) {
      const ctx = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_UA,
      });
      const page = await ctx.newPage();
      const scripts: Promise<Buffer | null>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.body().catch(() => null));
      });
      const t = performance.now();
      // Nothing to ask (no e-mail, no passcode): the viewer opens the deck straight away.
      await page.goto(url);
      await page.waitForFunction(
        () => {
          const c = document.querySelector('canvas[data-testid="deck-page"]') as HTMLCanvasElement | null;
          if (!c || !c.width || !c.getAttribute('aria-label')?.startsWith('Page 1')) return false;
          const px = c.getContext('2d')!.getImageData(0, 0, c.width, Math.min(c.height, 200)).data;
          for (let k = 0; k < px.length; k += 4 * 97)
            if (px[k]! < 240 || px[k + 1]! < 240 || px[k + 2]! < 240) return true;
          return false;
        },
        undefined,
        { timeout: 60_000, polling: 20 },
      );
      ms.push(performance.now() - t);
      const before = scripts.slice();
      // Then pdf.js's own page 1 (it knows the deck's length; the cover does not).
      await page.waitForFunction(
        (n) =>
          document.querySelector('canvas[data-testid="deck-page"]')?.getAttribute('aria-label') === `Page 1 of ${n}`,
        VIEWER_PAGES,
        { timeout: 60_000, polling: 20 },
      );
      liveMs.push(performance.now() - t);
      if (i === 0) {
        // What the first page waited for: the scripts that had arrived by then.
        const bodies = (await Promise.all(before)).filter((b): b is Buffer => b !== null);
        js = {
          raw: bodies.reduce((n, b) => n + b.length, 0),
          gzip: bodies.reduce((n, b) => n + gzipSync(b).length, 0),
        };
      }
      await ctx.close();
    }
    console.error(
      `[bench] deck-links: viewer first page ${ms.map((m) => Math.round(m)).join(', ')} ms, pdf.js page ${liveMs.map((m) => Math.round(m)).join(', ')} ms (${Math.round(deck.length / 1024)} KB deck)`,
    );
    return {
      'deck_links.viewer_deck_pages': VIEWER_PAGES,
      'deck_links.viewer_deck_kb': Math.round(deck.length / 1024),
      'deck_links.viewer_first_page_p50_ms': round(percentile(ms, 50)),
      'deck_links.viewer_first_page_p95_ms': round(percentile(ms, 95)),
      'deck_links.viewer_first_page_max_ms': round(Math.max(...ms)),
      'deck_links.viewer_first_page_runs': VIEWER_RUNS,
      'deck_links.viewer_pdfjs_page_p50_ms': round(percentile(liveMs, 50)),
      'deck_links.viewer_pdfjs_page_p95_ms': round(percentile(liveMs, 95)),
      'deck_links.viewer_js_kb': round(js.raw / 1024),
      'deck_links.viewer_js_gzip_kb': round(js.gzip / 1024),
    };
  } finally {
    await browser.close();
  }
}

export async function bench(): Promise<Record<string, number | string>> {
  const server = await benchPostgres({ durable: false });
  // The bench reads from one address: allow-listed, as a load test would be (docs/deck-links.md).
  const app = await startTestApp({ pgAdminUrl: server.adminUrl, security: { ipAllowList: ['127.0.0.1'] } });
  try {
    // DECK_BENCH=viewer: only the viewer's time to first page (the rest takes minutes on a busy box).
    if (process.env.DECK_BENCH === 'viewer') return await viewerFirstPage(app);
    const founder = await app.createUser();
    const up = await fetch(`${app.url}/api/pitch-deck?name=deck.pdf`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(deckPdf(12)),
    });
    if (up.status !== 200) throw new Error(`deck upload answered ${up.status}`);
    const deck = (await app.api('GET', '/api/pitch-deck', { token: founder.token })).body.current.id as string;
    const links: { id: string; token: string }[] = [];
    for (let i = 0; i < LINKS; i++) {
      const r = await app.api('POST', '/api/deck-links', {
        token: founder.token,
        body: { email: `gp${i}@fund${i}.example` },
      });
      links.push({ id: r.body.id, token: r.body.url.split('/d/')[1] });
    }

    // Ingestion over HTTP.
    let next = 0;
    const reportMs: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < MEASURED_VISITS; i = next++) {
          const l = links[i % LINKS]!;
          const v = await app.api('POST', `/api/d/${l.token}/visits`, { body: { email: `reader${i}@fund.example` } });
          if (v.status !== 201) throw new Error(`visit answered ${v.status} ${JSON.stringify(v.body)}`);
          for (const page of [1, 2, 3]) {
            const t = performance.now();
            const r = await app.api('POST', `/api/d/${l.token}/visits/${v.body.visitId}/pages`, {
              body: { pages: [{ page, seconds: 0.5 }], lastPage: page, pageCount: 12 },
            });
            if (r.status !== 204) throw new Error(`report answered ${r.status} ${JSON.stringify(r.body)}`);
            reportMs.push(performance.now() - t);
          }
        }
      }),
    );
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
        events.push({
          type: 'DeckVisitStarted',
          data: {
            linkId: links[k]!.id,
            userId: founder.id,
            visitId,
            at,
            email: `r${j}@fund.example`,
            investorId: null,
            investorKind: null,
            deckId: deck,
          },
        });
        const reach = 1 + (j % 12);
        events.push({
          type: 'DeckPagesRead',
          data: {
            linkId: links[k]!.id,
            userId: founder.id,
            visitId,
            at,
            pages: Array.from({ length: reach }, (_, p) => ({ page: p + 1, seconds: 5 + (p % 4) })),
            lastPage: reach,
            pageCount: 12,
          },
        });
      }
      await app.ctx.store.append(
        deckLinkStream(links[k]!.id),
        events.map((e) => ({ ...e, metadata: meta })),
        'any',
      );
    }
    console.error('[bench] deck-links: streams written; projecting');
    const p0 = performance.now();
    await app.ctx.projections.waitFor(undefined, 1_800_000);
    const projectS = (performance.now() - p0) / 1000;
    console.error(
      `[bench] deck-links: projected (${JSON.stringify((await app.ctx.projections.status()).filter((p) => p.status !== 'running'))})`,
    );
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
      await app.api('POST', `/api/d/${links[0]!.token}/visits/${v.body.visitId}/pages`, {
        body: { pages: [{ page: 1, seconds: 0.1 }], lastPage: 1 },
      });
      late.push(performance.now() - t);
    }

    // DECK_BENCH=analytics: everything but the viewer (which needs the built frontend).
    const viewer = process.env.DECK_BENCH === 'analytics' ? {} : await viewerFirstPage(app);

    return {
      ...viewer,
      'deck_links.ingest_visits': MEASURED_VISITS,
      'deck_links.ingest_visits_per_s': round(MEASURED_VISITS / ingestS),
      'deck_links.ingest_reports_per_s': round((MEASURED_VISITS * 3) / ingestS),
      'deck_links.report_p95_ms': round(percentile(reportMs, 95)),
      'deck_links.visits_total': count,
      'deck_links.project_events_per_s': round((rest * 2) / projectS),
      'deck_links.project_visits_per_s': round(rest / projectS),
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
