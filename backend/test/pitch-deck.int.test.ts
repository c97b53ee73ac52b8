import { MAX_DECK_BYTES, type PitchDeckResponse, type Submission } from '@fp/contracts';
import { samplePdf } from '@fp/workflows/sandbox';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { readZip as unzip } from '../src/testing/zip';
import { founder, testFirmId, waitForStatus, waitUntil } from './submissions-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The raw upload, as the Settings screen sends it. */
async function upload(token: string, name: string, body: Buffer, contentType = 'application/pdf') {
  const res = await fetch(`${app.url}/api/pitch-deck?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as PitchDeckResponse & { error?: string } };
}

async function download(token: string, path: string) {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('pitch deck in Settings (API)', () => {
  it('refuses what is not a PDF by its content, an empty or a too large file, and a bad name, with clear messages', async () => {
    const u = await app.createUser();
    const notPdf = await upload(u.token, 'deck.pdf', Buffer.from('<html>not a pdf, whatever the name says</html>'));
    expect(notPdf).toEqual({ status: 400, body: { error: 'The file is not a PDF. Upload your pitch deck as a PDF.' } });
    expect(await upload(u.token, 'deck.pdf', Buffer.alloc(0))).toEqual({
      status: 400,
      body: { error: 'The file is empty.' },
    });
    const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX_DECK_BYTES)]);
    expect(await upload(u.token, 'big.pdf', big)).toEqual({
      status: 413,
      body: { error: 'The deck is larger than 25 MB. Upload a smaller PDF.' },
    });
    expect((await upload(u.token, '', samplePdf())).status).toBe(400);
    expect((await upload(u.token, 'a/b.pdf', samplePdf())).body.error).toBe(
      'The file name contains characters that are not allowed',
    );
    const noName = await fetch(`${app.url}/api/pitch-deck`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/pdf' },
      body: new Uint8Array(samplePdf()),
    });
    expect(noName.status).toBe(400);
    const anon = await fetch(`${app.url}/api/pitch-deck?name=x.pdf`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(samplePdf()),
    });
    expect(anon.status).toBe(401);
    // Nothing was kept.
    expect((await app.api('GET', '/api/pitch-deck', { token: u.token })).body).toEqual({ current: null, history: [] });
  });

  it('keeps one current deck with its history; the owner downloads it, another founder never reaches it', async () => {
    const u = await app.createUser();
    const other = await app.createUser();
    const first = samplePdf('First deck');
    const second = samplePdf('Second deck, a little longer');

    // Whatever content type the browser guessed: the bytes decide.
    const a = await upload(u.token, 'first.pdf', first, 'application/octet-stream');
    expect(a.status).toBe(200);
    expect(a.body.current).toMatchObject({ fileName: 'first.pdf', size: first.length, sha256: sha256(first) });
    const b = await upload(u.token, 'Séed deck (v2).pdf', second);
    expect(b.body.current).toMatchObject({
      fileName: 'Séed deck (v2).pdf',
      size: second.length,
      sha256: sha256(second),
    });
    // Newest first: the second upload replaced the first.
    expect(b.body.history.map((h) => [h.action, h.fileName, h.sha256])).toEqual([
      ['replaced', 'first.pdf', sha256(first)],
      ['uploaded', 'Séed deck (v2).pdf', sha256(second)],
      ['uploaded', 'first.pdf', sha256(first)],
    ]);

    const own = await download(u.token, '/api/pitch-deck/file');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain(`filename*=UTF-8''S%C3%A9ed%20deck%20%28v2%29.pdf`);
    expect(own.bytes.equals(second)).toBe(true);
    // The replaced file and its cover are gone from storage (the embedded folder under DATA_DIR); the
    // current one is there, with the first page drawn as an image for the deck viewer.
    expect(readdirSync(path.join(app.ctx.config.dataDir, 'files', 'decks', u.id))).toEqual([
      `${b.body.current!.id}.cover.webp`,
      `${b.body.current!.id}.pdf`,
    ]);

    // Another founder sees their own (empty) deck, and cannot download or remove this one.
    expect((await app.api('GET', '/api/pitch-deck', { token: other.token })).body).toEqual({
      current: null,
      history: [],
    });
    expect((await download(other.token, '/api/pitch-deck/file')).status).toBe(404);
    expect(await app.api('DELETE', '/api/pitch-deck', { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'No pitch deck uploaded' },
    });

    const removed = await app.api('DELETE', '/api/pitch-deck', { token: u.token });
    expect(removed.status).toBe(200);
    expect(removed.body.current).toBeNull();
    expect(removed.body.history[0]).toMatchObject({
      action: 'removed',
      fileName: 'Séed deck (v2).pdf',
      sha256: sha256(second),
    });
    expect((await download(u.token, '/api/pitch-deck/file')).status).toBe(404);
    expect((await app.api('DELETE', '/api/pitch-deck', { token: u.token })).status).toBe(404);
  });
});

describe('the automation attaches the founder deck', () => {
  it('a form that requires a deck receives the same bytes; the proof is recorded and only the owner downloads it', async () => {
    const u = await founder(app, 1);
    const other = await founder(app, 0);
    const deck = samplePdf('Lumibyte Labs — the deck the firm must receive');
    expect((await upload(u.token, 'lumibyte-seed.pdf', deck)).status).toBe(200);
    const before = app.runtime.sandbox!.received('forge-ventures').length;

    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId('forge-ventures')] },
    });
    expect(r.status).toBe(200);
    const s = (await waitForStatus(app, u.token, r.body.submissionIds[0], [
      'completed',
      'failed',
      'stopped',
    ])) as Submission;
    expect(s.status, s.error ?? '').toBe('completed');

    const got = app.runtime.sandbox!.received('forge-ventures').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields.deck).toBe(`file:lumibyte-seed.pdf;sha256=${sha256(deck)}`);

    // Proof: the request that sent the form, the confirmation, the screenshot, the page at confirmation.
    expect(s.sentRequest).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/forge-ventures\/apply$/),
      status: 200,
    });
    expect(s.confirmationText).toMatch(/we received your application/i);
    expect(s.proofUrl).toBe(`/api/submissions/${s.id}/proof`);
    const shot = await fetch(`${app.url}${s.screenshotUrl}`);
    expect(shot.status).toBe(200);
    const png = Buffer.from(await shot.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const bundle = await download(u.token, s.proofUrl!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('application/zip');
    const files = unzip(bundle.bytes);
    expect(Object.keys(files).sort()).toEqual(['page.html', 'proof.json', 'screenshot.png']);
    expect(files['screenshot.png']!.equals(png)).toBe(true);
    expect(files['page.html']!.toString()).toContain('Thanks, we received your application.');
    const manifest = JSON.parse(files['proof.json']!.toString());
    expect(manifest).toMatchObject({
      submissionId: s.id,
      status: 'completed',
      confirmationText: s.confirmationText,
      sentRequest: s.sentRequest,
      firm: { name: 'Forge Ventures' },
    });
    expect(manifest.fieldsFilled).toContainEqual(expect.objectContaining({ value: 'lumibyte-seed.pdf' }));
    expect(manifest.files).toContainEqual({
      name: 'page.html',
      bytes: files['page.html']!.length,
      sha256: sha256(files['page.html']!),
    });

    // Another founder: 404, like an unknown id; no session: 401.
    expect(await app.api('GET', s.proofUrl!, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'Submission not found' },
    });
    expect((await app.api('GET', s.proofUrl!)).status).toBe(401);
  });

  it('a form that requires a deck the founder has not uploaded fails clearly, sends nothing and refunds the credit', async () => {
    const u = await founder(app, 1);
    const before = app.runtime.sandbox!.received('forge-ventures').length;
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token: u.token,
      body: { testVcIds: [testFirmId('forge-ventures')] },
    });
    expect(r.body.creditsDeducted).toBe(1);
    const s = await waitForStatus(app, u.token, r.body.submissionIds[0], ['completed', 'failed', 'stopped']);
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(
      /^This form requires a pitch deck file \(".*"\): upload your deck as a PDF in Settings, then retry\. Nothing was sent\.$/,
    );
    expect(s.sentRequest).toBeNull();
    const refunded = await waitUntil('the refund', async () => {
      const cur = (await app.api('GET', `/api/submissions/${s.id}`, { token: u.token })).body as Submission;
      return cur.creditRefunded ? cur : null;
    });
    expect(refunded.creditRefunded).toBe(true);
    await app.ctx.projections.waitFor(undefined, 10_000);
    expect(await app.services.credits.balance(u.id)).toBe(1);
    expect(app.runtime.sandbox!.received('forge-ventures').slice(before)).toEqual([]);
  });
});
