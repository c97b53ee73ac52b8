import { ACTION_PRICES, ANGEL_EXPORT_COLUMNS, EXPORT_INSUFFICIENT, angelExportFileName } from '@fp/contracts';
import {
  CSV_LINE_BREAK,
  cleanDescription,
  cleanInvestorName,
  csvRow,
  splitIndustries,
  type AngelInvestorDetail,
  type CsvValue,
} from '@fp/contracts';
import { ConcurrencyError, type Db } from '@fp/infra';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context';
import type { CreditsService } from '../credits/index';
import { DomainError, type CommandMeta } from '../../platform/decider';
import { answerAppend, derivedId, keyedRequest, recordedAnswer } from '../../platform/idempotency';

/** Records fetched per query while streaming: memory stays flat whatever the export size. */
const EXPORT_BATCH = 2500;
const BOM = '\uFEFF';

/** One CSV line per investor, in ANGEL_EXPORT_COLUMNS order, with the display rules applied. */
function angelCsvValues(a: AngelInvestorDetail): CsvValue[] {
  return [
    cleanInvestorName(a.companyName),
    a.investorType,
    a.location,
    a.country,
    a.contactEmail,
    a.contactEmail ? (a.contactEmailVerified ? 'Yes' : 'No') : '',
    a.phoneNumber,
    a.companyUrl,
    a.linkedin,
    a.twitter,
    splitIndustries(a.industries).join(', '),
    a.investments,
    a.exits,
    cleanDescription(a.description),
  ];
}

export type LoadBatch = (ids: string[]) => Promise<AngelInvestorDetail[]>;

/** Records of these ids in catalog order (the order of the ids given, which is that order). */
const loadAngels =
  (db: Db): LoadBatch =>
  async (ids) => {
    const r = await sql<{
      record: AngelInvestorDetail;
    }>`select record from catalog_angels where id = any(${ids}::text[]) order by sort_key, id`.execute(db);
    return r.rows.map((row) => row.record);
  };

export interface ExportDeps {
  ctx: Pick<AppContext, 'db' | 'store' | 'newId' | 'clock' | 'projections'> & { credits: CreditsService };
  /** Replaceable in tests to provoke a failure half-way. */
  loadBatch?: LoadBatch;
}

/** What a keyed export's resend answers again (its file is produced again from the same ids). */
interface ExportAnswer {
  exportId: string;
  fileName: string;
  count: number;
}

/** Copies of a keyed export racing each other: bounded tries before the loser reads the winner's answer. */
const MAX_TRIES = 8;

export interface AngelExport {
  exportId: string;
  fileName: string;
  count: number;
  /** The CSV (UTF-8 with BOM, CRLF lines). A failure while streaming refunds the credit. */
  stream: Readable;
}

/**
 * Angel investor CSV export: checks that every id exists (unknown ids: 400, nothing charged),
 * charges 1 credit under a fresh export reference (InsufficientCreditsError when short), then
 * streams the rows in batches. If producing the file fails after the charge, the credit is
 * refunded under the same reference, so a failed export costs nothing.
 */
export async function exportAngels(
  deps: ExportDeps,
  userId: string,
  ids: string[],
  meta: CommandMeta,
  /** The Idempotency-Key header: the same request sent again answers the same file, charged once. */
  requestKey: string | null = null,
): Promise<AngelExport> {
  const { ctx } = deps;
  const load = deps.loadBatch ?? loadAngels(ctx.db);
  const known = await sql<{
    id: string;
  }>`select id from catalog_angels where id = any(${ids}::text[]) order by sort_key, id`.execute(ctx.db);
  if (known.rows.length !== ids.length) {
    const have = new Set(known.rows.map((r) => r.id));
    const unknown = ids.filter((id) => !have.has(id));
    const shown = unknown.slice(0, 5).join(', ');
    throw new DomainError(
      `Unknown angel investor id${unknown.length > 1 ? 's' : ''}: ${shown}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`,
      400,
      'unknown_ids',
    );
  }
  const ordered = known.rows.map((r) => r.id);
  const keyed = keyedRequest(userId, requestKey, 'angel-export', { investorIds: ids });
  // A keyed export's id comes from its key: every copy of the request charges the same reference.
  const exportId = keyed ? derivedId(userId, 'angel-export', keyed.key) : ctx.newId();
  const answer: ExportAnswer = { exportId, fileName: angelExportFileName(meta.now), count: ordered.length };
  const reference = `angel-export-${exportId}`;
  const charge = {
    spendKind: 'angel_export' as const,
    items: [
      { reference, amount: ACTION_PRICES.angel_export, reason: `Angel investor export (${ordered.length} investors)` },
    ],
    insufficientMessage: EXPORT_INSUFFICIENT,
  };
  type Refund = (reason: string, at?: CommandMeta) => Promise<void>;
  const csv = (refund: Refund) => {
    // A client that goes away mid-download is not a failure of the export: nothing is refunded then.
    async function* rows(): AsyncGenerator<string> {
      try {
        yield BOM + csvRow(ANGEL_EXPORT_COLUMNS) + CSV_LINE_BREAK;
        for (let i = 0; i < ordered.length; i += EXPORT_BATCH) {
          const batch = await load(ordered.slice(i, i + EXPORT_BATCH));
          let chunk = '';
          for (const a of batch) chunk += csvRow(angelCsvValues(a)) + CSV_LINE_BREAK;
          yield chunk;
        }
      } catch (err) {
        // The refund lands or stays pending (retried until it lands); it throws only when not even
        // that could be recorded, and the stream's own error is what the client sees.
        await refund(`Angel investor export failed: ${(err as Error).message}`, {
          ...meta,
          now: ctx.clock.now(),
        }).catch((e) => console.error(`[catalog] export ${exportId}: refund not recorded: ${(e as Error).message}`));
        throw err;
      }
    }
    return Readable.from(rows(), { objectMode: false });
  };
  const work = async (refund: Refund, charged: { checkpoint: string | null }) => {
    // Read-your-writes: the balance the screen reads right after the download shows this charge.
    await ctx.projections.waitFor(charged.checkpoint, 3000).catch(() => undefined);
    return csv(refund);
  };
  const failed = (err: unknown) => `Angel investor export failed: ${(err as Error).message}`;
  for (let tries = 1; ; tries++) {
    // Sent again with its key (422 when the key named another request): the first answer's file.
    // Its charge is made sure of by reference: still standing, nothing is charged; refunded (the
    // first file failed half-way), this one is charged as a new export.
    const first = keyed ? await recordedAnswer<ExportAnswer>(ctx.store, keyed) : null;
    if (first) return { ...first, stream: await ctx.credits.chargeFor(userId, charge, meta, work, failed) };
    try {
      // The key's answer is recorded in the charge's own append: no moment with one and not the other.
      const alongside = keyed ? [answerAppend(keyed, answer, meta)] : [];
      return { ...answer, stream: await ctx.credits.chargeFor(userId, charge, meta, work, failed, alongside) };
    } catch (err) {
      // A copy sent at the same time appended first and nothing of this one was written: answer as it did.
      if (!keyed || !(err instanceof ConcurrencyError) || tries >= MAX_TRIES) throw err;
    }
  }
}
