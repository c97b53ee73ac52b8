import type { FounderDocumentsResponse, Submission } from '@fp/contracts';
import { samplePdf } from '@fp/workflows/sandbox';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../src/testing/app';
import { readZip } from '../src/testing/zip';
import { founder, testFirmId, waitForStatus, waitUntil } from './submissions-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The raw upload, as the Settings screen sends it. */
async function put(token: string, path: string, name: string, body: Buffer) {
  const res = await fetch(`${app.url}${path}?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as FounderDocumentsResponse & { error?: string } };
}
const upload = (token: string, kind: string, name: string, body: Buffer) =>
  put(token, `/api/documents/${kind}`, name, body);

async function download(token: string, kind: string) {
  const res = await fetch(`${app.url}/api/documents/${kind}/file`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('documents in Settings (API)', () => {
  it('keeps one PDF per kind, replaces, downloads and removes it; refuses what is not a PDF or no kind; another founder reaches none', async () => {
    const u = await app.createUser();
    const other = await app.createUser();
    expect((await app.api('GET', '/api/documents', { token: u.token })).body).toEqual({ documents: [] });

    expect(await upload(u.token, 'cv', 'cv.pdf', Buffer.from('<html>a web page</html>'))).toEqual({
      status: 400,
      body: { error: 'The file is not a PDF. Upload your CV as a PDF.' },
    });
    expect(await upload(u.token, 'passport', 'p.pdf', samplePdf())).toEqual({
      status: 400,
      body: { error: 'The document kind must be one of: cv, financialModel, onePager, capTable' },
    });
    expect((await app.api('GET', '/api/documents/cv/file')).status).toBe(401);

    const model = samplePdf('Lumibyte — financial model');
    const cv1 = samplePdf('Ada Lovelace — CV 2025');
    const cv2 = samplePdf('Ada Lovelace — CV 2026');
    expect((await upload(u.token, 'financialModel', 'model.pdf', model)).status).toBe(200);
    expect((await upload(u.token, 'cv', 'cv-2025.pdf', cv1)).status).toBe(200);
    const replaced = await upload(u.token, 'cv', 'Ada CV (2026).pdf', cv2);
    expect(replaced.status).toBe(200);
    // In the order the kinds are declared, the CV replaced.
    expect(replaced.body.documents.map((d) => [d.kind, d.fileName, d.size, d.sha256])).toEqual([
      ['cv', 'Ada CV (2026).pdf', cv2.length, sha256(cv2)],
      ['financialModel', 'model.pdf', model.length, sha256(model)],
    ]);
    const own = await download(u.token, 'cv');
    expect(own.status).toBe(200);
    expect(own.bytes.equals(cv2)).toBe(true);

    expect((await app.api('GET', '/api/documents', { token: other.token })).body).toEqual({ documents: [] });
    expect((await download(other.token, 'cv')).status).toBe(404);
    expect(await app.api('DELETE', '/api/documents/cv', { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'You have no document of that kind.' },
    });

    const removed = await app.api('DELETE', '/api/documents/cv', { token: u.token });
    expect(removed.status).toBe(200);
    expect((removed.body as FounderDocumentsResponse).documents.map((d) => d.kind)).toEqual(['financialModel']);
    expect((await download(u.token, 'cv')).status).toBe(404);
    expect((await app.api('DELETE', '/api/documents/cv', { token: u.token })).status).toBe(404);
  });
});

describe('the automation attaches each document only where its kind is asked for', () => {
  const deck = samplePdf('Lumibyte Labs — seed deck');
  const cv = samplePdf('Ada Lovelace — CV');

  async function apply(token: string) {
    const r = await app.api('POST', '/api/submit-to-test-vcs', {
      token,
      body: { testVcIds: [testFirmId('thistle-capital')] },
    });
    expect(r.status).toBe(200);
    return (await waitForStatus(app, token, r.body.submissionIds[0], ['completed', 'failed', 'stopped'])) as Submission;
  }

  it('the deck to the deck upload and the CV to the CV upload; the optional others stay empty', async () => {
    const u = await founder(app, 1);
    expect((await put(u.token, '/api/pitch-deck', 'lumibyte-seed.pdf', deck)).status).toBe(200);
    expect((await upload(u.token, 'cv', 'ada-cv.pdf', cv)).status).toBe(200);
    const before = app.runtime.sandbox!.received('thistle-capital').length;
    const s = await apply(u.token);
    expect(s.status, s.error ?? '').toBe('completed');
    const got = app.runtime.sandbox!.received('thistle-capital').slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.fields).toMatchObject({
      deck: `file:lumibyte-seed.pdf;sha256=${sha256(deck)}`,
      cv: `file:ada-cv.pdf;sha256=${sha256(cv)}`,
      model: '',
      team_cvs: '',
    });
    // The run's record and its proof account for the uploads left empty, with why.
    const notSent = [
      {
        question: 'Financial model (optional)',
        reason: 'left empty: you have not added a financial model to your documents',
        given: false,
      },
      {
        question: 'Co-founders’ CVs (optional)',
        reason: 'left empty: the upload asks for a document your library does not hold by that kind',
        given: false,
      },
    ];
    expect(s.notSent).toEqual(notSent);
    expect(s.fieldsFilled).toContainEqual(
      expect.objectContaining({ label: 'Founder CV / résumé (PDF)', value: 'ada-cv.pdf', source: 'document:cv' }),
    );
    const bundle = await fetch(`${app.url}${s.proofUrl}`, { headers: { authorization: `Bearer ${u.token}` } });
    const manifest = JSON.parse(readZip(Buffer.from(await bundle.arrayBuffer()))['proof.json']!.toString());
    expect(manifest.notSent).toEqual(notSent);
  });

  it('without a CV: fails before sending, says which document to add and where, and refunds the credit', async () => {
    const u = await founder(app, 1);
    expect((await put(u.token, '/api/pitch-deck', 'lumibyte-seed.pdf', deck)).status).toBe(200);
    const before = app.runtime.sandbox!.received('thistle-capital').length;
    const s = await apply(u.token);
    expect(s.status).toBe('failed');
    expect(s.error).toBe(
      'This form requires your CV ("Founder CV / résumé (PDF)"): add it under Settings → Documents as a PDF, then retry. Nothing was sent.',
    );
    const refunded = await waitUntil('the refund', async () => {
      const cur = (await app.api('GET', `/api/submissions/${s.id}`, { token: u.token })).body as Submission;
      return cur.creditRefunded ? cur : null;
    });
    expect(refunded.creditRefunded).toBe(true);
    expect(app.runtime.sandbox!.received('thistle-capital').slice(before)).toEqual([]);
  });

  it('once the registry knows the form asks for a CV: skipped uncharged without one, though the deck is there', async () => {
    const u = await founder(app, 1);
    expect((await put(u.token, '/api/pitch-deck', 'lumibyte-seed.pdf', deck)).status).toBe(200);
    const firmId = testFirmId('thistle-capital');
    const started = await app.services.catalog.forms.discover(
      { collection: 'test', firmId },
      { now: new Date(), actor: 'test' },
    );
    await waitUntil(
      'the registry to check thistle-capital',
      async () => ((await app.services.catalog.forms.run(started.runId!))?.checked ?? 0) >= 1,
      180_000,
    );
    const r = await app.api('POST', '/api/submit-to-test-vcs', { token: u.token, body: { testVcIds: [firmId] } });
    expect(r.body).toEqual({
      creditsDeducted: 0,
      submissionIds: [],
      skipped: [
        {
          vcId: firmId,
          reason: 'document_required',
          message:
            "This firm's application form requires your CV and you have not added one: add it under Settings → Documents as a PDF, then submit again.",
        },
      ],
    });
    expect(await app.services.credits.balance(u.id)).toBe(1);
  }, 300_000);
});
