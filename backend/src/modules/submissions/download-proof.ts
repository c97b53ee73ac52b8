import { createHash } from 'node:crypto';
import { DomainError } from '../../platform/decider';
import { createZip, type ZipEntry } from '../../platform/zip';
import type { SubmissionsContext } from './context';
import { ownedRow, toSubmission } from './queries';

type ProofContext = Pick<SubmissionsContext, 'db' | 'store' | 'storage' | 'config' | 'clock'>;

interface ProofRow {
  png: Buffer | null;
  screenshot_key: string | null;
  html_key: string | null;
  created_at: Date;
}

async function proofRow(
  ctx: Pick<ProofContext, 'db'>,
  submissionId: string,
  attemptId: string,
): Promise<ProofRow | undefined> {
  return (await ctx.db
    .selectFrom('submission_proofs')
    .select(['png', 'screenshot_key', 'html_key', 'created_at'])
    .where('attempt_id', '=', attemptId)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst()) as ProofRow | undefined;
}

/** The attempt's final screenshot: in file storage, or in the row for attempts recorded before it. */
export async function readProofScreenshot(
  ctx: Pick<ProofContext, 'db' | 'storage'>,
  submissionId: string,
  attemptId: string,
): Promise<Buffer | null> {
  const row = await proofRow(ctx, submissionId, attemptId);
  if (!row) return null;
  if (row.png) return row.png;
  return row.screenshot_key ? ctx.storage.get(row.screenshot_key) : null;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The proof of the latest attempt as one ZIP: proof.json (what was sent, to which address, the
 * answer and the confirmation, with the SHA-256 of each file), screenshot.png and page.html exactly
 * as captured. The owner's only: another founder's id answers 404 like an unknown one.
 */
export async function downloadProof(
  ctx: ProofContext,
  userId: string,
  id: string,
): Promise<{ fileName: string; zip: Buffer }> {
  const row = await ownedRow(ctx, userId, id);
  const s = toSubmission(ctx, row);
  if (!s.proofUrl) throw new DomainError('No proof for this submission yet', 404, 'not_found');
  const stored = await proofRow(ctx, row.id, row.attempt_id);
  const at = stored?.created_at ? new Date(stored.created_at) : new Date(s.completedAt ?? s.submittedAt);
  const files: ZipEntry[] = [];
  const screenshot = stored?.png ?? (stored?.screenshot_key ? await ctx.storage.get(stored.screenshot_key) : null);
  if (screenshot) files.push({ name: 'screenshot.png', data: screenshot, date: at });
  const html = stored?.html_key ? await ctx.storage.get(stored.html_key) : null;
  if (html) files.push({ name: 'page.html', data: html, date: at });
  const manifest = {
    submissionId: s.id,
    attempt: s.attempt,
    attemptId: row.attempt_id,
    firm: { name: s.vcFirm.name, website: s.vcFirm.website },
    status: s.status,
    submittedAt: s.submittedAt,
    completedAt: s.completedAt,
    finalUrl: row.final_url,
    confirmationText: s.confirmationText,
    sentRequest: s.sentRequest,
    summary: s.summary,
    fieldsFilled: s.fieldsFilled,
    notSent: s.notSent,
    files: files.map((f) => ({ name: f.name, bytes: f.data.length, sha256: sha256(f.data) })),
  };
  files.unshift({ name: 'proof.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), date: at });
  const slug =
    s.vcFirm.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'firm';
  return { fileName: `proof-${slug}-${row.id.slice(0, 8)}.zip`, zip: createZip(files) };
}
