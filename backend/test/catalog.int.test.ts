import { ANGEL_EXPORT_COLUMNS, MAX_EXPORT_IDS } from '@fp/contracts';
import {
  cleanDescription,
  cleanInvestorName,
  parseNumeric,
  type AngelInvestorDetail,
  type VcFirm,
} from '@fp/contracts';
import { generateAngels, generateVcFirms } from '@fp/infra';
import { SANDBOX_SITES } from '@fp/workflows/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';

const SEED = 6;
const VC = 300;
const ANGELS = 400;
const firms: VcFirm[] = [...generateVcFirms({ seed: SEED, count: VC })];
const angels: AngelInvestorDetail[] = [...generateAngels({ seed: SEED, count: ANGELS })];
const SANDBOX = 'http://127.0.0.1:3999';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  app.ctx.sandboxUrl = SANDBOX;
  const r = await app.services.catalog.seed({ vc: VC, angels: ANGELS, seed: SEED }, { now: new Date(), actor: 'test' });
  await app.ctx.projections.waitFor(r.checkpoint, 60_000);
  token = (await app.createUser()).token;
});
afterAll(async () => app?.close());

const get = (path: string, t: string | undefined = token) => app.api('GET', path, { token: t });
const qs = (params: Record<string, string | number | (string | number)[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, String(x));
  return p.toString();
};

/** Every page of a list endpoint, concatenated. */
async function allPages(path: string, key: 'firms' | 'investors', params: Record<string, any>, limit: number) {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await get(`${path}?${qs({ ...params, page, limit })}`);
    expect(r.status).toBe(200);
    total = r.body.total;
    ids.push(...r.body[key].map((x: { id: string }) => x.id));
    if (r.body[key].length < limit) break;
  }
  return { ids, total };
}

const VC_FIELDS = [
  'id',
  'vcName',
  'city',
  'country',
  'primaryInvestorType',
  'investorStatus',
  'aum',
  'description',
  'totalInvestment',
  'totalExits',
  'primaryContactEmail',
  'phone',
  'firstName',
  'lastName',
  'title',
  'website',
  'stagesInvested',
  'checkSizeMin',
  'checkSizeMax',
  'lastInvestmentDate',
  // The registry of application forms' entry (null: never checked), beside the record.
  'form',
].sort();
const listed = (f: VcFirm) => ({ ...f, form: null });

describe('catalog API: session', () => {
  it('answers 401 without a session on every catalog route', async () => {
    for (const path of [
      '/api/vc-firms',
      '/api/vc-filter-options',
      '/api/vc-firms/all-ids',
      '/api/test-vc-firms',
      '/api/test-filter-options',
      '/api/test-vc-firms/all-ids',
      '/api/investors',
      '/api/investors/filter-options',
      '/api/investors/all-ids',
      '/api/investors/ang_000001',
    ]) {
      const r = await app.api('GET', path);
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ error: 'User not authenticated' });
    }
    expect(
      (await app.api('POST', '/api/export-angel-investors', { body: { investorIds: ['ang_000001'] } })).status,
    ).toBe(401);
  });
});

describe('VC database API', () => {
  it('lists 25 firms by default, in name order, with exactly the firm fields', async () => {
    const r = await get('/api/vc-firms');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(VC);
    expect(r.body.firms).toHaveLength(25);
    for (const f of r.body.firms) {
      expect(Object.keys(f).sort()).toEqual(VC_FIELDS);
      expect(f).toEqual(listed(firms.find((x) => x.id === f.id)!));
    }
    const names = r.body.firms.map((f: VcFirm) =>
      f.vcName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
    );
    expect(names).toEqual([...names].sort());
  });

  it('pages: edges, bounds and bad values', async () => {
    const last = await get('/api/vc-firms?page=3&limit=100');
    expect(last.body.firms).toHaveLength(100);
    expect((await get('/api/vc-firms?page=4&limit=100')).body).toEqual({ firms: [], total: VC });
    expect((await get('/api/vc-firms?page=31&limit=10')).body.firms).toHaveLength(0);
    expect((await get('/api/vc-firms?page=30&limit=10')).body.firms).toHaveLength(10);
    expect((await get('/api/vc-firms?page=13&limit=25')).body.firms).toHaveLength(0);
    expect((await get('/api/vc-firms?page=12&limit=25')).body.firms).toHaveLength(25);
    for (const [q, message] of [
      ['page=0', 'page must be a whole number from 1 to 100000'],
      ['page=-2', 'page must be a whole number from 1 to 100000'],
      ['page=abc', 'page must be a whole number from 1 to 100000'],
      ['page=1.5', 'page must be a whole number from 1 to 100000'],
      ['limit=101', 'limit must be a whole number from 1 to 100'],
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['page=1&page=2', 'page must be given once'],
      ['aumMin=10&aumMax=5', 'aumMin must not be greater than aumMax'],
      ['checkSizeMin=900&checkSizeMax=100', 'checkSizeMin must not be greater than checkSizeMax'],
      [
        'lastInvestmentFrom=2025-01-01&lastInvestmentTo=2024-01-01',
        'lastInvestmentFrom must not be greater than lastInvestmentTo',
      ],
      ['lastInvestmentFrom=yesterday', 'lastInvestmentFrom must be a date written YYYY-MM-DD'],
      ['stage=Series%20Z', "Unknown stage 'Series Z': use Pre-seed, Seed, Series A, Series B, Series C, Series D+"],
      ['order=name', 'Unknown field: order'],
      ['sort=rank', 'sort must be one of: name, fit'],
    ]) {
      const r = await get(`/api/vc-firms?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toEqual({ error: message });
    }
    expect((await get(`/api/vc-firms?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('filters by country (repeated), investor type and AUM; unknown countries match nothing', async () => {
    const countries = ['Germany', 'India'];
    const byCountry = await allPages('/api/vc-firms', 'firms', { country: countries }, 100);
    expect(byCountry.ids.sort()).toEqual(
      firms
        .filter((f) => countries.includes(f.country!))
        .map((f) => f.id)
        .sort(),
    );
    expect(byCountry.total).toBe(byCountry.ids.length);
    expect((await get('/api/vc-firms?country=Atlantis')).body).toEqual({ firms: [], total: 0 });
    expect((await get(`/api/vc-firms?${qs({ country: ['Atlantis', 'Germany'] })}`)).body.total).toBe(
      firms.filter((f) => f.country === 'Germany').length,
    );

    const types = ['Micro-VC', 'Accelerator'];
    const byType = await allPages('/api/vc-firms', 'firms', { investorType: types }, 100);
    expect(byType.ids.sort()).toEqual(
      firms
        .filter((f) => types.includes(f.primaryInvestorType!))
        .map((f) => f.id)
        .sort(),
    );

    const inAum = (f: VcFirm, min?: number, max?: number) => {
      const v = parseNumeric(f.aum ?? undefined);
      return v !== undefined && (min === undefined || v >= min) && (max === undefined || v <= max);
    };
    expect((await allPages('/api/vc-firms', 'firms', { aumMin: 100, aumMax: 1000 }, 100)).ids.sort()).toEqual(
      firms
        .filter((f) => inAum(f, 100, 1000))
        .map((f) => f.id)
        .sort(),
    );
    expect((await get('/api/vc-firms?aumMin=1000')).body.total).toBe(firms.filter((f) => inAum(f, 1000)).length);
    // Numeric rule: whitespace is removed; non-numeric text is no value (so no filter).
    expect((await get('/api/vc-firms?aumMax=%201%200%20')).body.total).toBe(
      firms.filter((f) => inAum(f, undefined, 10)).length,
    );
    expect((await get('/api/vc-firms?aumMin=abc&aumMax=')).body.total).toBe(VC);
  });

  it('searches names, places and descriptions: every word, the last as a prefix', async () => {
    const target = firms[17]!;
    const r = await get(`/api/vc-firms?${qs({ search: target.vcName })}`);
    expect(r.body.firms.map((f: VcFirm) => f.id)).toContain(target.id);
    const prefix = target.vcName.split(' ')[0]!.slice(0, 4);
    const byPrefix = await allPages('/api/vc-firms', 'firms', { search: prefix }, 100);
    expect(byPrefix.ids).toContain(target.id);
    expect((await get('/api/vc-firms?search=qqqzzzxx')).body).toEqual({ firms: [], total: 0 });
    const fintech = await allPages('/api/vc-firms', 'firms', { search: 'fintech' }, 100);
    expect(fintech.ids.sort()).toEqual(
      firms
        .filter((f) =>
          /\bfintech\b/i.test(`${f.vcName} ${f.city} ${f.country} ${f.primaryInvestorType} ${f.description}`),
        )
        .map((f) => f.id)
        .sort(),
    );
  });

  it('filters by stages, cheque size and last investment date (founders’ filters)', async () => {
    const seed = await allPages('/api/vc-firms', 'firms', { stage: ['Pre-seed', 'Seed'] }, 100);
    expect(seed.ids.sort()).toEqual(
      firms
        .filter((f) => f.stagesInvested.some((s) => s === 'Pre-seed' || s === 'Seed'))
        .map((f) => f.id)
        .sort(),
    );
    const cheque = await allPages('/api/vc-firms', 'firms', { checkSizeMin: 500, checkSizeMax: 500 }, 100);
    expect(cheque.ids.sort()).toEqual(
      firms
        .filter((f) => f.checkSizeMin! <= 500 && f.checkSizeMax! >= 500)
        .map((f) => f.id)
        .sort(),
    );
    const dates = firms
      .map((f) => f.lastInvestmentDate)
      .filter(Boolean)
      .sort() as string[];
    const from = dates[Math.floor(dates.length / 2)]!;
    const recent = await allPages('/api/vc-firms', 'firms', { lastInvestmentFrom: from }, 100);
    expect(recent.ids.sort()).toEqual(
      firms
        .filter((f) => f.lastInvestmentDate && f.lastInvestmentDate >= from)
        .map((f) => f.id)
        .sort(),
    );
  });

  it('all-ids equals the union of all pages, in the same order', async () => {
    const cases: Record<string, string | number | string[]>[] = [
      {},
      { country: ['United States'], aumMin: 20 },
      { search: 'capital', investorType: ['Venture Capital', 'Micro-VC'] },
    ];
    for (const params of cases) {
      const pages = await allPages('/api/vc-firms', 'firms', params, 7);
      const all = await get(`/api/vc-firms/all-ids?${qs(params)}`);
      expect(all.status).toBe(200);
      expect(all.body.vcIds).toEqual(pages.ids);
      expect(new Set(pages.ids).size).toBe(pages.total);
    }
    expect((await get('/api/vc-firms/all-ids?page=1')).status).toBe(400);
  });

  it('answers filter options: countries and investor types', async () => {
    const r = await get('/api/vc-filter-options');
    expect(r.body.locations).toEqual(
      [...new Set(firms.map((f) => f.country!))].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(r.body.investorTypes).toEqual(
      [...new Set(firms.map((f) => f.primaryInvestorType!))].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('getFirms answers the firms asked for; unknown ids are absent', async () => {
    const got = await app.services.catalog.getFirms([firms[3]!.id, 'vc_nope', firms[9]!.id], { test: false });
    expect(got).toEqual(
      [firms[3]!, firms[9]!].map((f) => ({
        id: f.id,
        name: f.vcName,
        website: f.website,
        city: f.city,
        country: f.country,
        investorType: f.primaryInvestorType,
        description: f.description,
        // Generated firms are on reserved names: the automation never applies to them.
        unusable: f.website ? 'reserved_domain' : null,
        form: null,
      })),
    );
  });
});

describe('Test VC database API', () => {
  it('lists the sandbox firms, 20 per page, their websites on the sandbox', async () => {
    const r = await get('/api/test-vc-firms');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(SANDBOX_SITES.length);
    expect(r.body.firms.length).toBe(Math.min(20, SANDBOX_SITES.length));
    for (const f of r.body.firms) expect(f.website).toMatch(new RegExp(`^${SANDBOX}/[a-z0-9-]+/$`));
    const names = (await allPages('/api/test-vc-firms', 'firms', {}, 5)).ids;
    expect((await get('/api/test-vc-firms/all-ids')).body.vcIds).toEqual(names);
    const opts = await get('/api/test-filter-options');
    expect(opts.body.locations.length).toBeGreaterThan(0);
    // The real catalog does not see test firms.
    expect((await get(`/api/vc-firms/all-ids`)).body.vcIds.some((id: string) => id.startsWith('test_vc_'))).toBe(false);
  });

  it('re-imports the test firms when the sandbox address changes', async () => {
    const site = SANDBOX_SITES[0]!;
    const id = `test_vc_${site.slug}`;
    expect(await app.services.catalog.getFirms([id, 'nope'], { test: true })).toEqual([
      expect.objectContaining({ id, name: site.name, website: `${SANDBOX}/${site.slug}/` }),
    ]);
    app.ctx.sandboxUrl = 'http://127.0.0.1:4111';
    const [moved] = await app.services.catalog.getFirms([id], { test: true });
    expect(moved!.website).toBe(`http://127.0.0.1:4111/${site.slug}/`);
    const listed = await get('/api/test-vc-firms?limit=100');
    for (const f of listed.body.firms) expect(f.website.startsWith('http://127.0.0.1:4111/')).toBe(true);
    const before = (await app.ctx.store.readStream('catalog-test')).events.length;
    await app.services.catalog.syncTestCatalog();
    expect((await app.ctx.store.readStream('catalog-test')).events.length).toBe(before);
  });
});

describe('Angel investors API', () => {
  it('lists 50 by default with list fields only (no contact values)', async () => {
    const r = await get('/api/investors');
    expect(r.body.total).toBe(ANGELS);
    expect(r.body.investors).toHaveLength(50);
    for (const item of r.body.investors) {
      expect(Object.keys(item).sort()).toEqual([
        'companyName',
        'description',
        'hasEmail',
        'hasPhone',
        'id',
        'industries',
        'location',
      ]);
      const a = angels.find((x) => x.id === item.id)!;
      expect(item).toEqual({
        id: a.id,
        companyName: a.companyName,
        location: a.location,
        description: a.description,
        industries: a.industries,
        hasEmail: Boolean(a.contactEmail),
        hasPhone: Boolean(a.phoneNumber),
      });
    }
    // Ordered by display name (titles and biographies removed).
    const names = r.body.investors.map((i: AngelInvestorDetail) =>
      cleanInvestorName(i.companyName)
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
    );
    expect(names).toEqual([...names].sort());
  });

  it('filters by location (repeated), investments and exits; ranges bounded; all-ids is the union of pages', async () => {
    const locations = ['San Francisco, CA', 'London, United Kingdom'];
    const params = { country: locations, investmentMin: 3, investmentMax: '40', exitMin: '0', exitMax: 5 };
    const pages = await allPages('/api/investors', 'investors', params, 13);
    const expected = angels.filter(
      (a) => locations.includes(a.location!) && a.investments >= 3 && a.investments <= 40 && a.exits <= 5,
    );
    expect(pages.ids.sort()).toEqual(expected.map((a) => a.id).sort());
    const all = await get(`/api/investors/all-ids?${qs(params)}`);
    expect(all.body.investorIds.sort()).toEqual(pages.ids.sort());
    const unsorted = await allPages('/api/investors', 'investors', {}, 100);
    expect((await get('/api/investors/all-ids')).body.investorIds).toEqual(unsorted.ids);
    expect((await get('/api/investors?country=Nowhere')).body).toEqual({ investors: [], total: 0 });
    expect((await get('/api/investors?investmentMin=3.7')).body.total).toBe(
      angels.filter((a) => a.investments >= 3.7).length,
    );
    const bad = await get('/api/investors?exitMin=9&exitMax=2');
    expect(bad).toMatchObject({ status: 400, body: { error: 'exitMin must not be greater than exitMax' } });
    expect((await get('/api/investors?investmentMin=50&investmentMax=10')).body).toEqual({
      error: 'investmentMin must not be greater than investmentMax',
    });
    expect((await get('/api/investors?limit=500')).status).toBe(400);
  });

  it('searches names, places, industries and descriptions', async () => {
    const target = angels[11]!;
    const name = cleanInvestorName(target.companyName);
    expect(
      (await get(`/api/investors?${qs({ search: name })}`)).body.investors.map((i: { id: string }) => i.id),
    ).toContain(target.id);
    const fintech = await allPages('/api/investors', 'investors', { search: 'fintech' }, 100);
    expect(fintech.ids.sort()).toEqual(
      angels
        .filter((a) =>
          /\bfintech\b/i.test(
            `${cleanInvestorName(a.companyName)} ${a.investorType} ${a.location} ${a.country} ${a.industries} ${cleanDescription(a.description)}`,
          ),
        )
        .map((a) => a.id)
        .sort(),
    );
  });

  it('answers locations as filter options, most investors first', async () => {
    const r = await get('/api/investors/filter-options');
    const counts = new Map<string, number>();
    for (const a of angels) if (a.location) counts.set(a.location, (counts.get(a.location) ?? 0) + 1);
    expect(new Set(r.body.countries)).toEqual(new Set(counts.keys()));
    const n = r.body.countries.map((c: string) => counts.get(c)!);
    expect(n).toEqual([...n].sort((a: number, b: number) => b - a));
  });

  it('answers one investor for the detail dialog, contacts only as "exists" (they leave through the paid export), 404 for an unknown one', async () => {
    const { contactEmail, phoneNumber, ...rest } = angels[2]!;
    expect((await get(`/api/investors/${angels[2]!.id}`)).body).toEqual({
      ...rest,
      contactEmailVerified: Boolean(contactEmail) && rest.contactEmailVerified,
      hasEmail: Boolean(contactEmail),
      hasPhone: Boolean(phoneNumber),
    });
    // No investor's details carry an e-mail address or a phone number.
    for (const a of angels.filter((x) => x.contactEmail || x.phoneNumber).slice(0, 10)) {
      const text = JSON.stringify((await get(`/api/investors/${a.id}`)).body);
      if (a.contactEmail) expect(text).not.toContain(a.contactEmail);
      if (a.phoneNumber) expect(text).not.toContain(a.phoneNumber);
    }
    expect(await get('/api/investors/ang_999999')).toMatchObject({
      status: 404,
      body: { error: 'Angel investor not found' },
    });
  });
});

/** RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF records. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}

describe('Angel CSV export', () => {
  const balance = async (t: string) => (await get('/api/credits/balance', t)).body.balance as number;
  const spends = async (userId: string) =>
    (await app.ctx.store.readStream(`credits-${userId}`)).events.filter((e) => e.type === 'CreditsSpent');

  it('exports the selection as a UTF-8 CSV with BOM, charging exactly 1 credit', async () => {
    const user = await app.createUser();
    expect(await balance(user.token)).toBe(1);
    const chosen = [
      angels[0]!,
      angels[1]!,
      angels[2]!,
      angels.find((a) => a.phoneNumber)!,
      angels.find((a) => a.contactEmail)!,
    ];
    const ids = [...new Set(chosen.map((a) => a.id))];
    const res = await fetch(`${app.url}/api/export-angel-investors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ investorIds: [...ids, ids[0]] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="angel_investors_export_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const [header, ...rows] = readCsv(text);
    expect(header).toEqual([...ANGEL_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      const a = angels.find((x) => cleanInvestorName(x.companyName) === row[0] && ids.includes(x.id))!;
      expect(a, row[0]).toBeTruthy();
      expect(row[2]).toBe(a.location ?? '');
      expect(row[4]).toBe(a.contactEmail ?? '');
      expect(row[5]).toBe(a.contactEmail ? (a.contactEmailVerified ? 'Yes' : 'No') : '');
      // Phone numbers ('+44 …') are written as given: a phone number carries no formula to defuse.
      expect(row[6]).toBe(a.phoneNumber ?? '');
      if (a.phoneNumber) expect(row[6]).toMatch(/^\+\d/);
      expect(row[11]).toBe(String(a.investments));
      expect(row[13]).toBe(cleanDescription(a.description));
    }
    // Read-your-writes: the balance read right after the download already shows the charge (no waiting here).
    expect(await balance(user.token)).toBe(0);
    expect(await spends(user.id)).toHaveLength(1);
    expect((await spends(user.id))[0]!.data).toMatchObject({ spendKind: 'angel_export' });

    // Balance 0 now: refused with the spec's message, nothing charged.
    const again = await app.api('POST', '/api/export-angel-investors', {
      token: user.token,
      body: { investorIds: ids },
    });
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({
      error: 'Insufficient Credits',
      message: 'You need at least 1 credit to export data.',
    });
    expect(await spends(user.id)).toHaveLength(1);
  });

  it('refuses empty, oversized and unknown selections without charging', async () => {
    const user = await app.createUser();
    const post = (body: unknown) => app.api('POST', '/api/export-angel-investors', { token: user.token, body });
    expect(await post({ investorIds: [] })).toMatchObject({
      status: 400,
      body: { error: 'Please select at least one angel investor to export' },
    });
    expect(await post({})).toMatchObject({
      status: 400,
      body: { error: 'Please select at least one angel investor to export' },
    });
    const tooMany = Array.from({ length: MAX_EXPORT_IDS + 1 }, (_, i) => `ang_${i}`);
    expect(await post({ investorIds: tooMany })).toMatchObject({
      status: 400,
      body: { error: 'You can export at most 43,500 angel investors at a time' },
    });
    expect(await post({ investorIds: [angels[0]!.id, 'ang_999998', 'ang_999999'] })).toMatchObject({
      status: 400,
      body: { error: 'Unknown angel investor ids: ang_999998, ang_999999' },
    });
    expect(await post({ investorIds: [angels[0]!.id], extra: 1 })).toMatchObject({
      status: 400,
      body: { error: 'Unknown field: extra' },
    });
    await app.ctx.projections.waitFor();
    expect(await spends(user.id)).toHaveLength(0);
    expect(await balance(user.token)).toBe(1);
  });

  it('refunds the credit when producing the file fails half-way', async () => {
    const user = await app.createUser();
    let calls = 0;
    const exp = await app.services.catalog.exportAngels(
      user.id,
      angels.slice(0, 20).map((a) => a.id),
      { now: new Date(), actor: user.id },
      {
        loadBatch: async () => {
          calls++;
          throw new Error('database went away');
        },
      },
    );
    await expect(
      (async () => {
        for await (const _ of exp.stream) {
          /* drain */
        }
      })(),
    ).rejects.toThrow('database went away');
    expect(calls).toBe(1);
    await app.ctx.projections.waitFor();
    const events = (await app.ctx.store.readStream(`credits-${user.id}`)).events.map((e) => e.type);
    expect(events).toEqual(['CreditsGranted', 'CreditsSpent', 'CreditsRefunded']);
    expect(await balance(user.token)).toBe(1);
  });
});

describe('catalog data lifecycle', () => {
  it('rebuilds the read models and the search index from the log to the same answers', async () => {
    const before = [
      await get('/api/vc-firms?search=capital&limit=100'),
      await get('/api/investors?country=San%20Francisco%2C%20CA'),
    ].map((r) => r.body);
    await app.ctx.projections.rebuild('catalog-search');
    await app.ctx.projections.rebuild('catalog');
    const after = [
      await get('/api/vc-firms?search=capital&limit=100'),
      await get('/api/investors?country=San%20Francisco%2C%20CA'),
    ].map((r) => r.body);
    expect(after).toEqual(before);
  });

  it('a new seed replaces the scope it loads (scaling down too)', async () => {
    const r = await app.services.catalog.seed({ vc: 40, seed: 7 }, { now: new Date(), actor: 'test' });
    await app.ctx.projections.waitFor(r.checkpoint, 60_000);
    const list = await get('/api/vc-firms?limit=100');
    expect(list.body.total).toBe(40);
    const fresh = [...generateVcFirms({ seed: 7, count: 40 })];
    expect(list.body.firms.map((f: VcFirm) => f.id).sort()).toEqual(fresh.map((f) => f.id).sort());
    expect(list.body.firms.find((f: VcFirm) => f.id === fresh[0]!.id)).toEqual(listed(fresh[0]!));
    expect((await get('/api/investors')).body.total).toBe(ANGELS);
    const status = await app.services.catalog.status();
    expect(status.find((s) => s.scope === 'vc')).toMatchObject({
      loaded: 40,
      expected: 40,
      completed: true,
      indexed: 40,
    });
  });
});
