// Real Chromium against every sandbox firm site: the honest outcome for each, and for the successful ones
// exactly the values the firm's server received.
import Fastify, { type FastifyInstance } from 'fastify';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyToFirm,
  launchBrowser,
  type ApplyResult,
  type ApplyStep,
  type ApplyOptions,
  type FailureCode,
} from '../src/automation';
import { createHash } from 'node:crypto';
import { SANDBOX_SITES, samplePdf, startSandbox, type Sandbox } from '../src/sandbox';
import { TEST_PROFILE as P } from './fixtures/profile';

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

// Three sites at a time: enough to keep the file fast without starving a 2-core machine.
let slots = 3;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (slots === 0) await new Promise<void>((r) => waiting.push(r));
  else slots--;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  }
}

const url = (slug: string) => `${sandbox.url}/${slug}/`;
// This founder allowed accepting an application's terms for them in Settings (the default is off: a required agreement is asked).
const FOUNDER_CHOICES = { optIns: 'no', acceptTerms: true } as const;
// The terms setting covers terms and privacy notices only: a statement of fact is ticked only from the founder's own yes to it.
const FOUNDER_STATEMENTS = [{ question: 'I confirm that the information above is accurate', answer: 'Yes' }];
const run = (slug: string, extra: Partial<Parameters<typeof applyToFirm>[0]> = {}) =>
  applyToFirm({
    url: url(slug),
    profile: P,
    browser,
    allowPrivate: true,
    checkboxes: FOUNDER_CHOICES,
    answers: FOUNDER_STATEMENTS,
    ...extra,
  });

/** What each firm's server must have received: field name (or question label) → value. */
const RECEIVED: Record<string, Record<string, string | RegExp>> = {
  'northwind-ventures': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    stage: 'Seed',
    message: P.description,
  },
  'summit-capital': {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: P.founderEmail,
    linkedin: P.founderLinkedin,
    company_name: P.companyName,
    website: P.website,
    industry: 'Artificial Intelligence',
    stage: 'seed',
    founded: '2022',
    problem: P.problem,
    solution: P.solution,
    raising: P.raising,
    deck: P.pitchDeck,
  },
  'lumen-partners': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    stage: 'Seed',
    one_liner: P.oneLineExplanation,
    raising: P.raising,
  },
  'orbit-fund': {
    'Founder name': P.founderName,
    Email: P.founderEmail,
    'Startup name': P.companyName,
    Website: P.website,
    Stage: 'Seed',
    Industry: 'AI / Machine Learning',
    'One-line pitch': P.oneLineExplanation,
    'Where is the company based?': P.location,
    'I confirm that the information above is accurate': 'Yes',
  },
  'harbor-vc': {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    funding_stage: 'Seed',
    how_much_are_you_raising_: P.raising,
    message: P.description,
    'LEGAL_CONSENT.processing': 'true',
    // the marketing opt-in must stay unticked
    'LEGAL_CONSENT.subscription_type_1': 'false',
  },
  'cedar-ventures': {
    field_1: P.founderName,
    field_2: P.founderEmail,
    field_3: P.companyName,
    field_4: P.website,
    field_5: P.pitchDeck,
    field_6: 'Seed',
    field_7: P.problem,
  },
  'nova-spa': {
    fullName: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    oneLiner: P.oneLineExplanation,
    stage: 'Seed',
    teamSize: '6–20',
    location: P.location,
  },
  'granite-growth': {
    founder_name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    industry: 'AI / ML',
    stage: 'seed',
    team_size: '6–15',
    revenue: '$10k – $50k',
    privacy: 'yes',
  },
  'ember-capital': { name: P.founderName, email: P.founderEmail, startup: P.companyName, deck_url: P.pitchDeck },
  'willow-partners': {
    full_name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    round_size: P.raising,
    sector: 'AI',
    pitch: P.description,
  },
  'tortoise-capital': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    revenue: P.revenue,
    what: P.description,
  },
  // the landing page's contact form must not be used: exactly one submission, from the apply page
  'crumb-capital': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    website: P.website,
    pitch: /Lumibyte/,
    cookie_consent: 'necessary',
  },
  'prism-ventures': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    stage: 'Seed',
    sector: 'Artificial intelligence',
    pitch: P.oneLineExplanation,
  },
  'ripple-fund': {
    founder: P.founderName,
    email: P.founderEmail,
    startup: P.companyName,
    stage: 'Seed',
    hq: P.location,
  },
  'kestrel-ventures': {
    'Full name': P.founderName,
    Email: P.founderEmail,
    'Company name': P.companyName,
    'Company website': P.website,
    'How far along are you?': 'Seed',
    'What problem are you solving?': P.problem,
  },
  'juniper-partners': {
    'q3_fullName[first]': 'Ada',
    'q3_fullName[last]': 'Lovelace',
    q4_email: P.founderEmail,
    q5_companyName: P.companyName,
    q6_currentStage: 'Seed',
    q7_amountRaising: P.raising,
    q8_shortDescription: P.oneLineExplanation,
  },
  // role=radio choices outside a radiogroup, one question per screen; Berlin is in Europe
  'hazel-fund': { name: P.founderName, email: P.founderEmail, company: P.companyName, stage: 'Seed', region: 'Europe' },
  // button cards, keyboard-only letters, a listbox and a combobox popup
  'birch-ventures': {
    company: P.companyName,
    sector: 'AI / Machine Learning',
    stage: 'Seed',
    region: 'Europe',
    email: P.founderEmail,
  },
  'elm-partners': {
    name: P.founderName,
    email: P.founderEmail,
    company: P.companyName,
    sector: 'AI / ML',
    region: 'Europe',
  },
  'fern-ventures': {
    company: P.companyName,
    sector: 'AI / Machine Learning',
    stage: 'Seed',
    region: 'Europe',
    email: P.founderEmail,
  },
  'slate-capital': { name: P.founderName, email: P.founderEmail, company: P.companyName },
  'beacon-ventures': {
    fname: 'Ada',
    lname: 'Lovelace',
    email: P.founderEmail,
    startup: P.companyName,
    linkedin: P.founderLinkedin,
    city: P.location,
    year: '2022',
    raised: P.existingFunding,
  },
};

/** Fields a careful human leaves alone: optional opt-ins and questions the profile cannot answer. */
// ember-capital: an optional "Anything else we should know?" the founder never answered gets nothing (no composed cover note).
const UNTOUCHED: Record<string, string[]> = { 'granite-growth': ['newsletter', 'model'], 'ember-capital': ['notes'] };

const FAILURE: Record<string, { code: FailureCode; received: 'none' | 'rejected' }> = {
  'forge-ventures': { code: 'file_upload_required', received: 'none' },
  'thistle-capital': { code: 'file_upload_required', received: 'none' },
  'sentinel-capital': { code: 'captcha', received: 'none' },
  'warden-ventures': { code: 'captcha', received: 'none' },
  'quill-ventures': { code: 'email_only', received: 'none' },
  'meridian-fund': { code: 'server_error', received: 'rejected' },
  'atlas-ventures': { code: 'login_required', received: 'none' },
  'pinecone-vc': { code: 'submit_rejected', received: 'rejected' },
  'driftwood-capital': { code: 'no_confirmation', received: 'none' },
};

/**
 * Waits shortened where only the run's end matters: driftwood's submit does nothing, and the run gives up
 * after quietMs without a request, navigation or text change (4 s by default; the outcome is the same).
 */
const SHORT_WAITS: Record<string, ApplyOptions['timeouts']> = { 'driftwood-capital': { quietMs: 1_500 } };

/** Sites that ask what only the founder can answer: the questions the run must stop for, unsent. */
const WAITING: Record<string, { questions: string[]; filled: Record<string, string>; refusedAfterSubmit?: true }> = {
  // the page's script refused the submission naming them ("All fields except website are required"); nothing left
  'cobalt-spa': {
    questions: ['Why are you raising now?', 'How did you hear about us?'],
    filled: { Company: P.companyName, Website: P.website },
    refusedAfterSubmit: true,
  },
  // nobody gave a GPA or the years of experience; the optional phones and tagline stay empty
  'reed-grants': { questions: ['GPA', 'Years of experience'], filled: { 'Full name': P.founderName } },
  // only the terms box follows the standing choice; the age is a statement only the founder makes
  'heather-partners': {
    questions: ['I confirm that I am over 18'],
    filled: { Company: P.companyName, 'How much are you looking to raise?': '$1.6M–$3M' },
  },
  'bramble-ventures': {
    questions: ['Why now?', 'Which track are you applying for?'],
    filled: { 'What traction do you have?': P.revenue },
  },
  // a founding year is no date and "6-10" no number; AI & ML is none of B2B Software / Consumer (no "Other" guess)
  'larch-capital': {
    questions: ['Founding date', 'Team size', 'Industry'],
    filled: { 'Company name': P.companyName, Region: 'Europe' },
  },
  'aspen-ventures': {
    questions: [
      'Which incumbent would you most like to displace, and what is your unfair advantage against them?',
      'What is the name of your lead investor?',
      'Company registration number',
    ],
    filled: { Company: P.companyName, 'What does your company do?': P.description },
  },
};

const isPng = (b: Buffer | null) =>
  !!b && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe('sandbox catalogue', () => {
  it('has at least 15 distinct sites with an expectation for each', () => {
    expect(SANDBOX_SITES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(SANDBOX_SITES.map((s) => s.kind)).size).toBe(SANDBOX_SITES.length);
    for (const s of SANDBOX_SITES)
      expect(
        s.expectedOutcome === 'completed'
          ? RECEIVED[s.slug]
          : s.expectedOutcome === 'waiting_for_input'
            ? WAITING[s.slug]
            : FAILURE[s.slug],
        s.slug,
      ).toBeDefined();
    expect(sandbox.sites).toEqual(SANDBOX_SITES);
  });
});

describe.concurrent('applying to every sandbox site', () => {
  for (const site of SANDBOX_SITES) {
    it(`${site.slug} (${site.kind}) → ${site.expectedOutcome}`, async ({ expect }) => {
      const steps: ApplyStep[] = [];
      let pageSeen = false;
      let started = 0;
      const r: ApplyResult = await limited(() => {
        started = Date.now();
        return run(site.slug, {
          onStep: (s) => steps.push(s),
          onPage: () => (pageSeen = true),
          timeouts: SHORT_WAITS[site.slug],
        });
      });
      console.info(`[automation] ${site.slug}: ${r.status} in ${Date.now() - started} ms — ${r.summary}`);

      expect(r.status, r.summary).toBe(site.expectedOutcome);
      expect(isPng(r.screenshot)).toBe(true);
      expect(pageSeen).toBe(true);
      expect(steps[0]).toBe('navigating');
      const received = sandbox.received(site.slug);

      if (site.expectedOutcome === 'completed') {
        expect(r.subStatus).toBe('submitted');
        expect(r.error).toBeNull();
        expect(r.confirmationText).toBeTruthy();
        expect(steps).toEqual(
          expect.arrayContaining(['navigating', 'finding form', 'filling', 'submitting', 'verifying']),
        );
        expect(steps.indexOf('submitting')).toBeLessThan(steps.indexOf('verifying'));
        expect(r.fieldsFilled).toContainEqual(
          expect.objectContaining({ field: 'founderEmail', value: P.founderEmail }),
        );
        expect(received).toHaveLength(1);
        const fields = received[0].fields;
        for (const [key, want] of Object.entries(RECEIVED[site.slug])) {
          if (want instanceof RegExp) expect(fields[key], key).toMatch(want);
          else expect(fields[key], key).toBe(want);
        }
        for (const key of UNTOUCHED[site.slug] ?? []) expect(fields[key] ?? '', key).toBe('');
      } else if (site.expectedOutcome === 'waiting_for_input') {
        const w = WAITING[site.slug];
        expect(r.subStatus).toBe('waiting_for_input');
        expect(r.errorCode).toBe('needs_input');
        expect(r.unansweredQuestions?.map((q) => q.question)).toEqual(w.questions);
        expect(r.unansweredQuestions?.every((q) => q.required)).toBe(true);
        for (const [label, value] of Object.entries(w.filled))
          expect(r.fieldsFilled).toContainEqual(expect.objectContaining({ label, value }));
        if (!w.refusedAfterSubmit) expect(steps).not.toContain('submitting');
        expect(received).toHaveLength(0);
      } else {
        const f = FAILURE[site.slug];
        expect(r.subStatus).toBe('error');
        expect(r.errorCode, r.error ?? '').toBe(f.code);
        expect(r.errorKind).toBe('permanent');
        expect(r.error).toBeTruthy();
        expect(r.summary).toContain(r.error as string);
        if (f.received === 'none') expect(received).toHaveLength(0);
        else expect(received.every((s) => !s.accepted)).toBe(true);
      }
    });
  }
});

describe('dry run, stop and safety', () => {
  it('dry run fills a multi-step form but sends nothing', async () => {
    const before = sandbox.received('summit-capital').length;
    const r = await run('summit-capital', { dryRun: true });
    expect(r.status).toBe('completed');
    expect(r.subStatus).toBe('form_filled');
    expect(r.fieldsFilled.map((f) => f.field)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'founderEmail', 'companyName', 'problem', 'pitchDeck']),
    );
    expect(isPng(r.screenshot)).toBe(true);
    expect(sandbox.received('summit-capital')).toHaveLength(before);
  });

  it('abort while filling stops within 2 s and submits nothing', async () => {
    const before = sandbox.received('summit-capital').length;
    const ac = new AbortController();
    let abortedAt = 0;
    const r = await run('summit-capital', {
      signal: ac.signal,
      onStep: (s) => {
        if (s === 'filling' && !abortedAt) {
          abortedAt = Date.now();
          ac.abort();
        }
      },
    });
    expect(Date.now() - abortedAt).toBeLessThan(2000);
    expect(r.status).toBe('stopped');
    expect(r.subStatus).toBe('stopped');
    expect(sandbox.received('summit-capital')).toHaveLength(before);
  });

  it('abort during a slow page load stops within 2 s', async () => {
    const ac = new AbortController();
    // Aborted once the browser has asked for the landing page, which the site answers after 4 s.
    let requested!: () => void;
    const loading = new Promise<void>((r) => (requested = r));
    const pending = run('tortoise-capital', {
      signal: ac.signal,
      onPage: (page) =>
        page.on('request', (req) => {
          if (req.isNavigationRequest() && req.url() === url('tortoise-capital')) requested();
        }),
    });
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      loading,
      new Promise((_, reject) => {
        bound = setTimeout(() => reject(new Error('the landing page was not asked for within 20 s')), 20_000);
      }),
    ]).finally(() => clearTimeout(bound));
    const abortedAt = Date.now();
    ac.abort();
    const r = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(2000);
    expect(r.status).toBe('stopped');
  });

  it('attaches the deck PDF where the form requires a file: the firm receives the same bytes', async () => {
    const bytes = samplePdf();
    const before = sandbox.received('forge-ventures').length;
    const r = await run('forge-ventures', { deck: { fileName: 'lumibyte-deck.pdf', bytes } });
    expect(r.status, r.summary).toBe('completed');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ field: 'pitchDeckFile', value: 'lumibyte-deck.pdf' }),
    );
    const got = sandbox.received('forge-ventures').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].accepted).toBe(true);
    expect(got[0].fields.deck).toBe(
      `file:lumibyte-deck.pdf;sha256=${createHash('sha256').update(bytes).digest('hex')}`,
    );
  });

  it("custom questions: the founder's answers are matched by meaning, filled and sent; nothing else is made up", async () => {
    const before = sandbox.received('bramble-ventures').length;
    const answers = [
      { question: 'Why is now the right time?', answer: 'Invoice e-filing became mandatory in the EU this year.' },
      { question: 'Which track are you applying for?', answer: 'Direct investment' },
      { question: 'What is your favourite colour?', answer: 'Green' },
    ];
    const r = await run('bramble-ventures', { answers });
    expect(r.status, r.summary).toBe('completed');
    expect(r.fieldsFilled).toContainEqual(
      expect.objectContaining({ field: 'answer', label: 'Why now?', value: answers[0].answer }),
    );
    const got = sandbox.received('bramble-ventures').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].fields).toMatchObject({
      why_now: answers[0].answer,
      track: 'Direct investment',
      traction: P.revenue,
      name: P.founderName,
    });
    // An optional question nothing answers stays empty.
    expect(got[0].fields.read_first ?? '').toBe('');
  });

  it('an answer that is none of the options leaves the choice unanswered (no "Other" guess), and nothing is sent', async () => {
    const before = sandbox.received('bramble-ventures').length;
    const r = await run('bramble-ventures', {
      answers: [
        { question: 'Why now?', answer: 'Timing.' },
        { question: 'Which track are you applying for?', answer: 'The fast one' },
      ],
    });
    expect(r.status, r.summary).toBe('waiting_for_input');
    expect(r.unansweredQuestions).toEqual([
      {
        question: 'Which track are you applying for?',
        required: true,
        options: ['Residency programme', 'Direct investment'],
      },
    ]);
    expect(sandbox.received('bramble-ventures')).toHaveLength(before);
  });

  it('a dropdown that changes back every time ends in an honest failure and nothing is sent', async () => {
    const before = sandbox.received('ripple-fund').length;
    const r = await applyToFirm({
      url: `${sandbox.url}/ripple-fund/stubborn/`,
      profile: P,
      browser,
      allowPrivate: true,
    });
    expect(r.status).toBe('failed');
    expect(r.errorCode, r.error ?? '').toBe('value_not_kept');
    expect(r.error).toContain('"Funding stage"');
    expect(sandbox.received('ripple-fund')).toHaveLength(before);
  });

  it('a dropdown the page keeps undoing is handed to a person in the live view: their choice is kept, read back and sent', async () => {
    const before = sandbox.received('ripple-fund').length;
    const asked: string[] = [];
    const r = await applyToFirm({
      url: `${sandbox.url}/ripple-fund/person/`,
      profile: P,
      browser,
      allowPrivate: true,
      // The founder in the live view: picks the stage themself (a real choice on the same page), then Continue.
      takeover: async ({ reason, message, page }) => {
        asked.push(`${reason}: ${message}`);
        await page.selectOption('#r-stage', 'Series A');
        return 'continue';
      },
    });
    expect(r.status, r.error ?? '').toBe('completed');
    expect(asked).toEqual([
      expect.stringMatching(/^field_stuck: The form did not keep the value set for "Funding stage"/),
    ]);
    expect(r.fieldsFilled.find((f) => f.label === 'Funding stage')?.value).toBe('Series A');
    const got = sandbox.received('ripple-fund').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields.stage).toBe('Series A');
  });

  it('a dropdown nobody can set stays an honest failure even after the person tried', async () => {
    const before = sandbox.received('ripple-fund').length;
    let asked = 0;
    const r = await applyToFirm({
      url: `${sandbox.url}/ripple-fund/stubborn/`,
      profile: P,
      browser,
      allowPrivate: true,
      takeover: async ({ page }) => {
        asked++;
        await page.selectOption('#r-stage', 'Seed');
        return 'continue';
      },
    });
    expect(r.status).toBe('failed');
    expect(r.errorCode).toBe('value_not_kept');
    expect(asked).toBe(1);
    expect(sandbox.received('ripple-fund')).toHaveLength(before);
  });

  it('refuses a private address without allowPrivate, before opening a browser page', async () => {
    let pages = 0;
    const r = await applyToFirm({ url: url('northwind-ventures'), profile: P, browser, onPage: () => pages++ });
    expect(r.status).toBe('failed');
    expect(r.errorCode).toBe('unsafe_url');
    expect(r.errorKind).toBe('permanent');
    expect(r.error).toMatch(/private|loopback/);
    expect(pages).toBe(0);
  });

  // One dry run on the plain form, let through by allowedHosts (not allowPrivate): both tests read it.
  describe('a dry run on the plain form, its host listed in allowedHosts', () => {
    let ok: ApplyResult;
    let before = 0;
    beforeAll(async () => {
      before = sandbox.received('northwind-ventures').length;
      ok = await applyToFirm({
        url: url('northwind-ventures'),
        profile: P,
        browser,
        dryRun: true,
        allowedHosts: `127.0.0.1:${sandbox.port}`,
      });
    });

    it('dry run on a plain form sends nothing either', () => {
      expect(ok.subStatus).toBe('form_filled');
      expect(ok.fieldsFilled).toContainEqual(expect.objectContaining({ field: 'founderEmail', value: P.founderEmail }));
      expect(sandbox.received('northwind-ventures')).toHaveLength(before);
    });

    it('allows exactly the host:port listed in allowedHosts', async () => {
      expect(ok.subStatus).toBe('form_filled');
      const other = await applyToFirm({
        url: url('northwind-ventures'),
        profile: P,
        browser,
        dryRun: true,
        allowedHosts: `127.0.0.1:${sandbox.port + 1}`,
      });
      expect(other.errorCode).toBe('unsafe_url');
    });
  });

  it('blocks later requests to non-allowed private hosts (form posting to another local address)', async () => {
    const evil: FastifyInstance = Fastify();
    evil.get('/', async (_q, reply) =>
      reply.type('text/html')
        .send(`<h1>Trap Capital</h1><form method="post" action="http://localhost:${sandbox.port}/northwind-ventures/apply">
<label for="n">Name</label><input id="n" name="name"><label for="e">Email</label><input id="e" type="email" name="email">
<label for="c">Company</label><input id="c" name="company"><button>Apply</button></form>`),
    );
    await evil.listen({ port: 0, host: '127.0.0.1' });
    const port = (evil.server.address() as { port: number }).port;
    const before = sandbox.received('northwind-ventures').length;
    try {
      const r = await applyToFirm({
        url: `http://127.0.0.1:${port}/`,
        profile: P,
        browser,
        allowedHosts: `127.0.0.1:${port}`,
        timeouts: { verifyMs: 4000 },
      });
      expect(r.status).toBe('failed');
      expect(r.errorCode, r.error ?? '').toBe('unsafe_url');
      expect(sandbox.received('northwind-ventures')).toHaveLength(before);
    } finally {
      await evil.close();
    }
  });

  it('reports an unreachable site as a transient failure', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const r = await applyToFirm({ url: `http://127.0.0.1:${port}/`, profile: P, browser, allowPrivate: true });
    expect(r.status).toBe('failed');
    expect(r.errorKind).toBe('transient');
    expect(r.errorCode).toBe('navigation');
  });

  it('reports a browser that dies mid-run as a transient failure', async () => {
    const doomed = await launchBrowser();
    let killed = false;
    const r = await applyToFirm({
      url: url('summit-capital'),
      profile: P,
      browser: doomed,
      allowPrivate: true,
      onStep: (s) => {
        if (s === 'filling' && !killed) {
          killed = true;
          void doomed.close();
        }
      },
    });
    expect(r.status).toBe('failed');
    expect(r.errorKind).toBe('transient');
    expect(r.errorCode).toBe('browser');
  });

  it('gives up after the total time budget with a transient failure', async () => {
    const r = await run('tortoise-capital', { timeouts: { totalMs: 1500 } });
    expect(r.status).toBe('failed');
    expect(r.errorCode).toBe('timeout');
    expect(r.errorKind).toBe('transient');
  });

  it('launches and closes its own browser when none is given', async () => {
    const r = await applyToFirm({ url: url('ember-capital'), profile: P, allowPrivate: true, dryRun: true });
    expect(r.subStatus).toBe('form_filled');
    expect(r.fieldsFilled).toContainEqual(expect.objectContaining({ field: 'pitchDeck', value: P.pitchDeck }));
  });
});
