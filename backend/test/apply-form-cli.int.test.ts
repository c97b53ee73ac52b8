import { samplePdf, startSandbox, type Sandbox } from '@fp/workflows/sandbox';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess, spawnCli } from '../src/testing/cli';
import { COMPLETE_PROFILE } from './submissions-helpers';

let sandbox: Sandbox;
const dir = mkdtempSync(path.join(tmpdir(), 'fp-apply-form-'));
const profileFile = path.join(dir, 'profile.json');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  writeFileSync(profileFile, JSON.stringify(COMPLETE_PROFILE));
});
afterAll(async () => sandbox?.close());

// The first command line runs as a real process (what an operator runs); the others go through the
// same runner in this process, without paying a Node start each.
const cli = runCliInProcess;

describe('npm run cli -- apply-form', () => {
  // The one real spawn of apply-form (tsx compiles the CLI first: 11–13 s before the run itself).
  it(
    'applies on a local site with --allow-private, prints one JSON line and saves the screenshot',
    { timeout: 150_000 },
    async () => {
      const shot = path.join(dir, 'northwind.png');
      const r = await spawnCli([
        'apply-form',
        '--url',
        `${sandbox.url}/northwind-ventures/`,
        '--profile',
        profileFile,
        '--allow-private',
        '--screenshot',
        shot,
        '--json',
      ]);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const out = JSON.parse(lines[0]!);
      expect(out).toMatchObject({ status: 'completed', subStatus: 'submitted', error: null, screenshot: shot });
      expect(Object.keys(out).sort()).toEqual([
        'confirmationText',
        'error',
        'fieldsFilled',
        'screenshot',
        'status',
        'subStatus',
        'summary',
        'unansweredQuestions',
      ]);
      expect(out.unansweredQuestions).toEqual([]);
      expect(out.confirmationText).toMatch(/thank/i);
      expect(out.fieldsFilled).toContainEqual(
        expect.objectContaining({ field: 'founderEmail', value: 'ada@acme-robotics.example' }),
      );
      expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
      expect(r.code).toBe(0);
      expect(sandbox.received('northwind-ventures')).toHaveLength(1);
    },
  );

  it('stops at required questions it cannot answer: status waiting_for_input, the questions listed, nothing sent', async () => {
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/bramble-ventures/`,
      '--profile',
      profileFile,
      '--allow-private',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out).toMatchObject({ status: 'waiting_for_input', subStatus: 'waiting_for_input' });
    expect(out.unansweredQuestions).toEqual([
      { question: 'Why now?', required: true, options: null },
      {
        question: 'Which track are you applying for?',
        required: true,
        options: ['Residency programme', 'Direct investment'],
      },
    ]);
    expect(r.code).toBe(3);
    expect(sandbox.received('bramble-ventures')).toHaveLength(0);
  });

  it("--answers FILE.json answers the form's own questions (matched by meaning) and the form is sent with them", async () => {
    const answersFile = path.join(dir, 'answers.json');
    writeFileSync(
      answersFile,
      JSON.stringify({
        'Why is now the right time?': 'Warehouses cannot hire pickers.',
        'Which track are you applying for?': 'Direct investment',
      }),
    );
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/bramble-ventures/`,
      '--profile',
      profileFile,
      '--answers',
      answersFile,
      '--allow-private',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out.status, out.summary).toBe('completed');
    expect(out.unansweredQuestions).toEqual([]);
    const got = sandbox.received('bramble-ventures');
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({
      why_now: 'Warehouses cannot hire pickers.',
      track: 'Direct investment',
      traction: 'Pre-revenue',
    });
    expect(r.code).toBe(0);
    // A file that is not question → answer text is refused before a browser opens.
    writeFileSync(answersFile, JSON.stringify({ 'Why now?': 42 }));
    const bad = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/bramble-ventures/`,
      '--profile',
      profileFile,
      '--answers',
      answersFile,
      '--allow-private',
      '--json',
    ]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout.trim()).error).toMatch(/answers file .* question → answer/);
    expect(sandbox.received('bramble-ventures')).toHaveLength(1);
  });

  it('attaches --deck FILE.pdf where the form requires the deck as a file: the firm receives the same bytes', async () => {
    const deckFile = path.join(dir, 'acme-deck.pdf');
    const bytes = samplePdf('Acme Robotics deck');
    writeFileSync(deckFile, bytes);
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/forge-ventures/`,
      '--profile',
      profileFile,
      '--deck',
      deckFile,
      '--allow-private',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out.status, out.summary).toBe('completed');
    expect(out.fieldsFilled).toContainEqual(
      expect.objectContaining({ field: 'pitchDeckFile', value: 'acme-deck.pdf' }),
    );
    const got = sandbox.received('forge-ventures');
    expect(got).toHaveLength(1);
    expect(got[0]!.fields.deck).toBe(`file:acme-deck.pdf;sha256=${createHash('sha256').update(bytes).digest('hex')}`);
    expect(r.code).toBe(0);
  });

  it('refuses a --deck that is not a PDF by its content, whatever its name, before opening a browser', async () => {
    const fake = path.join(dir, 'not-really.pdf');
    writeFileSync(fake, 'PK\x03\x04 this is a zip file');
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/forge-ventures/`,
      '--profile',
      profileFile,
      '--deck',
      fake,
      '--allow-private',
      '--json',
    ]);
    expect(JSON.parse(r.stdout.trim()).error).toBe(`The deck file ${fake} was refused: The file is not a PDF.`);
    expect(r.code).toBe(1);
    expect(sandbox.received('forge-ventures')).toHaveLength(1);
  });

  it('fills but does not send with --dry-run', async () => {
    // orbit-fund requires "I confirm that the information above is accurate", a statement of fact: the
    // terms setting does not cover it, the founder's own yes to it (their answers) does.
    const statements = path.join(dir, 'statements.json');
    writeFileSync(statements, JSON.stringify({ 'I confirm that the information above is accurate': 'Yes' }));
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/orbit-fund/`,
      '--profile',
      profileFile,
      '--answers',
      statements,
      '--allow-private',
      '--accept-terms',
      '--dry-run',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out).toMatchObject({ status: 'completed', subStatus: 'form_filled', screenshot: null });
    expect(out.fieldsFilled.length).toBeGreaterThan(3);
    expect(out.fieldsFilled).toContainEqual(
      expect.objectContaining({
        label: 'I confirm that the information above is accurate',
        source: expect.stringMatching(/^answer/),
      }),
    );
    expect(sandbox.received('orbit-fund')).toHaveLength(0);
  });

  it('without --accept-terms a required agreement is asked, not ticked; a bad --opt-ins is refused', async () => {
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/orbit-fund/`,
      '--profile',
      profileFile,
      '--allow-private',
      '--dry-run',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out.status).toBe('waiting_for_input');
    expect(out.unansweredQuestions).toEqual([
      expect.objectContaining({ question: 'I confirm that the information above is accurate', required: true }),
    ]);
    expect(r.code).toBe(3);
    const bad = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/orbit-fund/`,
      '--profile',
      profileFile,
      '--opt-ins',
      'maybe',
      '--json',
    ]);
    expect(JSON.parse(bad.stdout.trim()).error).toBe('--opt-ins must be one of ask, yes, no');
    expect(bad.code).toBe(1);
    expect(sandbox.received('orbit-fund')).toHaveLength(0);
  });

  it('--dry-run --json prints the review table: question → value → source for every field, and what it would ask', async () => {
    const r = await cli([
      'apply-form',
      '--url',
      `${sandbox.url}/elm-partners/`,
      '--profile',
      profileFile,
      '--allow-private',
      '--dry-run',
      '--json',
    ]);
    const out = JSON.parse(r.stdout.trim());
    expect(out.review).toMatchObject({ status: 'ready', questions: [] });
    expect(out.review.fields).toHaveLength(out.fieldsFilled.length);
    expect(out.review.fields).toContainEqual({
      question: 'Company name',
      value: COMPLETE_PROFILE.companyName,
      source: 'profile:companyName',
      kind: 'profile',
      sourceLabel: 'Profile: company name',
    });
    expect(out.review.fields).toContainEqual(
      expect.objectContaining({ question: 'Region', source: 'profile:location', sourceLabel: 'Profile: location' }),
    );
    expect(sandbox.received('elm-partners')).toHaveLength(0);
  });

  it('refuses a loopback address without --allow-private or an allow-list entry, and reports a failed run with exit code 1', async () => {
    const r = await cli(
      ['apply-form', '--url', `${sandbox.url}/northwind-ventures/`, '--profile', profileFile, '--json'],
      { AUTOMATION_ALLOWED_HOSTS: '' },
    );
    const out = JSON.parse(r.stdout.trim());
    expect(out).toMatchObject({ status: 'failed', subStatus: 'error' });
    expect(out.error).toBeTruthy();
    expect(r.code).toBe(1);
    expect(sandbox.received('northwind-ventures')).toHaveLength(1);
  });

  it('explains a bad profile file', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ companyName: 'Acme', favouriteColour: 'blue' }));
    const r = await cli(['apply-form', '--url', 'https://example.com/', '--profile', bad, '--json']);
    expect(r.code).not.toBe(0);
    expect(JSON.parse(r.stdout.trim()).error).toMatch(/unknown field\(s\) favouriteColour/);
    const missing = await cli(['apply-form', '--profile', bad, '--json']);
    expect(JSON.parse(missing.stdout.trim()).error).toBe('apply-form needs --url URL');
  });
});
