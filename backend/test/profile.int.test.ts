import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';
import { startTestApp, type TestApp } from '../src/testing/app';
import { fileCli } from '../src/testing/cli';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real CLI in its own process, on the test app's database. */
const runCli = fileCli(() => ({ DATABASE_URL: app.db.url }));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** The one fixture's fifteen required fields (the optional URLs left out: these tests set and clear them). */
const { website: _website, founderLinkedin: _linkedin, pitchDeck: _deck, ...complete } = SAMPLE_COMPLETE_PROFILE;

describe('startup profile API', () => {
  it('answers an empty, incomplete profile before the first save', async () => {
    const { token, id } = await app.createUser();
    expect((await app.api('GET', '/api/startup-profile', { token })).body).toEqual({
      profile: {},
      completion: { isComplete: false, percentage: 0 },
    });
    expect((await app.api('GET', '/api/profile-completion', { token })).body).toEqual({
      percentage: 0,
      isComplete: false,
    });
    expect(await app.services.profile.get(id)).toEqual({
      profile: {},
      completion: { isComplete: false, percentage: 0 },
    });
  });

  it('round-trips PATCH and GET, rising to complete, and records who changed what and when', async () => {
    const { token, id } = await app.createUser();
    const first = await app.api('PATCH', '/api/startup-profile', {
      token,
      body: { companyName: '  Acme Robotics ', industry: 'AI & ML', website: 'https://acme.io' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      profile: { companyName: 'Acme Robotics', industry: 'AI & ML', website: 'https://acme.io' },
      completion: { isComplete: false, percentage: 13 },
    });
    expect((await app.api('GET', '/api/startup-profile', { token })).body).toEqual(first.body);
    expect((await app.api('GET', '/api/profile-completion', { token })).body).toEqual({
      percentage: 13,
      isComplete: false,
    });

    const second = await app.api('PATCH', '/api/startup-profile', { token, body: complete });
    expect(second.status).toBe(200);
    expect(second.body.completion).toEqual({ isComplete: true, percentage: 100 });
    const got = await app.api('GET', '/api/startup-profile', { token });
    expect(got.body).toEqual({
      profile: { ...complete, website: 'https://acme.io' },
      completion: { isComplete: true, percentage: 100 },
    });
    expect((await app.api('GET', '/api/profile-completion', { token })).body).toEqual({
      percentage: 100,
      isComplete: true,
    });
    expect(await app.services.profile.get(id)).toEqual(got.body);

    // The second save recorded only the thirteen fields it changed.
    const { events } = await app.ctx.store.readStream(`profile-${id}`);
    expect(events.map((e) => e.type)).toEqual(['StartupProfileChanged', 'StartupProfileChanged']);
    expect(Object.keys(events[1]!.data.set).sort()).toEqual(
      Object.keys(complete)
        .filter((k) => k !== 'companyName' && k !== 'industry')
        .sort(),
    );
    expect(events[1]!.metadata).toMatchObject({ actor: id, now: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    // Saving the same values again appends nothing.
    const again = await app.api('PATCH', '/api/startup-profile', { token, body: complete });
    expect(again.status).toBe(200);
    expect((await app.ctx.store.readStream(`profile-${id}`)).events).toHaveLength(2);
  });

  it('clears an optional field named in "clear"; a saved required field is refused even before the profile is complete', async () => {
    const { token, id } = await app.createUser();
    const { valueProposition: _, ...almost } = complete;
    await app.api('PATCH', '/api/startup-profile', { token, body: { ...almost, website: 'https://acme.io' } });
    const refused = await app.api('PATCH', '/api/startup-profile', { token, body: { clear: ['website', 'problem'] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Problem is required', fields: { problem: 'Problem is required' } });
    const r = await app.api('PATCH', '/api/startup-profile', { token, body: { clear: ['website'] } });
    expect(r.status).toBe(200);
    expect(r.body.profile.website).toBeUndefined();
    expect(r.body.profile.problem).toBe(complete.problem);
    expect(r.body.completion).toEqual({ isComplete: false, percentage: 93 });
    const got = await app.api('GET', '/api/startup-profile', { token });
    expect(got.body).toEqual(r.body);
    const row = await app.ctx.db
      .selectFrom('startup_profiles')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      website: null,
      company_name: 'Acme Robotics',
      percentage: 93,
      is_complete: false,
      version: 2,
      updated_by: id,
    });
    const last = (await app.ctx.store.readStream(`profile-${id}`)).events.at(-1)!;
    expect(last.data).toEqual({ userId: id, set: {}, cleared: ['website'] });
  });

  it('answers bad input with 400 and the spec messages, and writes nothing', async () => {
    const { token, id } = await app.createUser();
    const cases: Array<[unknown, string | RegExp]> = [
      [{ founderEmail: 'not-an-email' }, 'Please enter a valid email address'],
      [{ founderLinkedin: 'linkedin.com/in/ada' }, 'Please enter a valid LinkedIn URL'],
      [{ website: 'acme' }, 'Please enter a valid website URL'],
      [{ pitchDeck: 'deck' }, 'Please enter a valid pitch deck URL'],
      [{ industry: 'Crypto' }, /^Industry must be one of: AI & ML, SaaS, Fintech/],
      [{ stage: 'Series Z' }, /^Funding Stage must be one of/],
      [{ teamSize: '7' }, /^Team Size must be one of/],
      [{ revenue: '$5' }, /^Revenue must be one of/],
      [{ companyName: 'Acme', isAdmin: true }, 'Unknown field: isAdmin'],
      [{ problem: 'x'.repeat(10_001) }, 'Problem must be at most 10,000 characters'],
      [{ description: 'word '.repeat(401) }, 'Company Description must be at most 400 words (this one has 401)'],
      [{ companyName: '   ' }, /companyName: must not be empty/],
      [{ website: null }, /website: expected text/],
      [{ companyName: 42 }, /companyName: expected text/],
      [{ clear: ['nope'] }, 'clear: unknown field: nope'],
      [{ website: 'https://acme.io', clear: ['website'] }, 'A field cannot be both set and cleared: Website'],
      [[], /expected object/],
    ];
    for (const [body, message] of cases) {
      const r = await app.api('PATCH', '/api/startup-profile', { token, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message !== 'string') expect(r.body.error).toMatch(message);
      else {
        // A refused field is also named in `fields`, with its message.
        const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
        const field = keys.length === 1 && keys[0] !== 'clear' ? keys[0]! : null;
        expect(r.body).toEqual(field ? { error: message, fields: { [field]: message } } : { error: message });
      }
    }
    const malformed = await app.api('PATCH', '/api/startup-profile', {
      token,
      body: '{"companyName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await app.ctx.store.readStream(`profile-${id}`)).revision).toBe(-1);
  });

  it('refuses nonsense with a message per field and saves nothing', async () => {
    const { token, id } = await app.createUser();
    const thisYear = new Date().getUTCFullYear();
    const year = `Founded Year must be a year between 1900 and ${thisYear}`;
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ founded: '3025' }, { founded: year }],
      [{ founded: '1700' }, { founded: year }],
      [{ founded: 'abcd' }, { founded: year }],
      [{ raising: '-5000' }, { raising: 'Raising Amount must be more than 0' }],
      [{ raising: '0' }, { raising: 'Raising Amount must be more than 0' }],
      [{ raising: '$999,999,999,999,999' }, { raising: 'Raising Amount must be at most 100,000,000,000' }],
      [{ raising: 'lots of money' }, { raising: 'Raising Amount must be an amount, e.g. $2.5M, €800k or 1.2 million' }],
      [
        { foundedDate: '3025-01-01' },
        { foundedDate: `Founding Date must be between 1900-01-01 and ${new Date().toISOString().slice(0, 10)}` },
      ],
      [
        { founderEmail: 'ada@', website: 'acme' },
        { founderEmail: 'Please enter a valid email address', website: 'Please enter a valid website URL' },
      ],
      // A good field beside a bad one is not saved either.
      [
        { companyName: 'Acme', raising: 'lots of money' },
        { raising: 'Raising Amount must be an amount, e.g. $2.5M, €800k or 1.2 million' },
      ],
    ];
    for (const [body, fields] of cases) {
      const r = await app.api('PATCH', '/api/startup-profile', { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields, JSON.stringify(body)).toEqual(fields);
      expect(r.body.error).toBe(Object.values(fields)[0]);
    }
    expect((await app.ctx.store.readStream(`profile-${id}`)).revision).toBe(-1);
    for (const raising of ['2.5M', '$2,500,000', '€800k', '1.2 million']) {
      expect((await app.api('PATCH', '/api/startup-profile', { token, body: { raising } })).status, raising).toBe(200);
    }
  });

  it('a complete profile keeps its required fields: clearing one is refused with its message, nothing saved', async () => {
    const { token, id } = await app.createUser();
    await app.api('PATCH', '/api/startup-profile', {
      token,
      body: {
        ...complete,
        website: 'https://acme.io',
        foundedDate: '2023-12-03',
        teamCount: '7',
        monthlyRevenue: '12000.50',
        revenueCurrency: 'EUR',
      },
    });
    const before = (await app.ctx.store.readStream(`profile-${id}`)).revision;
    const r = await app.api('PATCH', '/api/startup-profile', { token, body: { clear: ['companyName', 'website'] } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'Company Name is required', fields: { companyName: 'Company Name is required' } });
    expect((await app.ctx.store.readStream(`profile-${id}`)).revision).toBe(before);
    const got = await app.api('GET', '/api/startup-profile', { token });
    expect(got.body.completion).toEqual({ isComplete: true, percentage: 100 });
    // Last session's exact values (migration 320) stay as given.
    expect(got.body.profile).toMatchObject({
      companyName: 'Acme Robotics',
      website: 'https://acme.io',
      foundedDate: '2023-12-03',
      teamCount: '7',
      monthlyRevenue: '12000.50',
      revenueCurrency: 'EUR',
    });
    // An optional field can still be emptied.
    expect((await app.api('PATCH', '/api/startup-profile', { token, body: { clear: ['website'] } })).status).toBe(200);
  });

  it('keeps each founder to their own profile', async () => {
    const alice = await app.createUser();
    const bob = await app.createUser();
    await app.api('PATCH', '/api/startup-profile', {
      token: alice.token,
      body: { companyName: 'Alice Co', founderEmail: 'alice@alice.co' },
    });
    // Bob sees only his own (empty) profile; there is no way to address another user's.
    expect((await app.api('GET', '/api/startup-profile', { token: bob.token })).body.profile).toEqual({});
    expect(
      (await app.api('GET', `/api/startup-profile?userId=${alice.id}`, { token: bob.token })).body.profile,
    ).toEqual({});
    expect(
      (
        await app.api('PATCH', '/api/startup-profile', {
          token: bob.token,
          body: { userId: alice.id, companyName: 'Hijacked' },
        })
      ).status,
    ).toBe(400);
    await app.api('PATCH', '/api/startup-profile', { token: bob.token, body: { companyName: 'Bob Co' } });
    expect((await app.api('GET', '/api/startup-profile', { token: alice.token })).body.profile).toEqual({
      companyName: 'Alice Co',
      founderEmail: 'alice@alice.co',
    });
    expect((await app.api('GET', '/api/startup-profile', { token: bob.token })).body.profile).toEqual({
      companyName: 'Bob Co',
    });
    for (const [method, path] of [
      ['GET', '/api/startup-profile'],
      ['PATCH', '/api/startup-profile'],
      ['GET', '/api/profile-completion'],
    ] as const) {
      const r = await app.api(method, path, method === 'PATCH' ? { body: { companyName: 'x' } } : {});
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'User not authenticated' });
    }
  });

  it('serialises concurrent saves of one profile without losing a field', async () => {
    const { token } = await app.createUser();
    const fields = Object.entries(complete);
    const results = await Promise.all(
      fields.map(([k, v]) => app.api('PATCH', '/api/startup-profile', { token, body: { [k]: v } })),
    );
    expect(results.map((r) => r.status)).toEqual(fields.map(() => 200));
    expect((await app.api('GET', '/api/startup-profile', { token })).body).toEqual({
      profile: complete,
      completion: { isComplete: true, percentage: 100 },
    });
  });

  it('shows a profile and its history on the CLI', async () => {
    const { token, email, id } = await app.createUser();
    await app.api('PATCH', '/api/startup-profile', {
      token,
      body: { companyName: 'Cli Co', website: 'https://cli.co' },
    });
    await app.api('PATCH', '/api/startup-profile', { token, body: { stage: 'Seed', clear: ['website'] } });
    const shown = await runCli(['profile', 'show', '--email', email, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout.trim())).toMatchObject({
      userId: id,
      profile: { companyName: 'Cli Co', stage: 'Seed' },
      completion: { percentage: 13, isComplete: false },
      missing: expect.arrayContaining(['industry', 'founderName']),
    });
    const history = await runCli(['profile', 'history', '--email', email]);
    expect(history.code, history.stderr).toBe(0);
    const lines = history.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+  ${id}  set Company Name, Website$`));
    expect(lines[1]).toMatch(new RegExp(`  ${id}  set Funding Stage; cleared Website$`));
  }, 180_000);

  it('rebuilds the read model from the event log to the same rows', async () => {
    await app.ctx.projections.waitFor();
    const rows = () => app.ctx.db.selectFrom('startup_profiles').selectAll().orderBy('user_id').execute();
    const live = await rows();
    expect(live.length).toBeGreaterThanOrEqual(4);
    const results = await app.ctx.projections.rebuild('startup_profiles');
    expect(results.map((r) => r.name)).toEqual(['startup_profiles']);
    expect(await rows()).toEqual(live);
  });
});
