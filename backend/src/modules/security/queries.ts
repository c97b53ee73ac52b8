import {
  RECENT_VIOLATIONS_MAX,
  VIOLATION_TYPES,
  type BlockedIp,
  type HourlyViolations,
  type SecurityStatusResponse,
  iso,
} from '@fp/contracts';
import type { Db } from '@fp/infra';
import { sql } from 'kysely';

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

const activeBlocks = (db: Db, now: Date) =>
  db
    .selectFrom('security_blocked_ips')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

/** Read side of the security dashboard, from the `security` projection. */
export function createSecurityQueries(db: Db) {
  return {
    async status(now: Date): Promise<Omit<SecurityStatusResponse, 'protection'>> {
      const counts = await db.selectFrom('security_violation_counts').select(['type', 'count']).execute();
      // Every known type appears (0 when none), so the grid always shows the whole catalogue.
      const violationsByType: Record<string, number> = Object.fromEntries(VIOLATION_TYPES.map((t) => [t, 0]));
      for (const r of counts) violationsByType[r.type as string] = Number(r.count);
      const blocked = await activeBlocks(db, now)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const recent = await db
        .selectFrom('security_violations')
        .select(['type', 'ip', 'endpoint', 'occurred_at', 'user_agent'])
        .where('occurred_at', '>', new Date(now.getTime() - DAY_MS))
        .orderBy('occurred_at', 'desc')
        .limit(RECENT_VIOLATIONS_MAX)
        .execute();
      return {
        totalViolations: Object.values(violationsByType).reduce((a, b) => a + b, 0),
        blockedIps: Number(blocked.n),
        violationsByType,
        recentViolations: recent.map((r: any) => ({
          type: r.type,
          ip: r.ip,
          endpoint: r.endpoint,
          timestamp: iso(r.occurred_at),
          userAgent: r.user_agent,
        })),
      };
    },

    async blockedIps(now: Date): Promise<BlockedIp[]> {
      const rows = await activeBlocks(db, now).selectAll().orderBy('blocked_at', 'desc').execute();
      return rows.map((r: any) => ({
        ip: r.ip,
        reason: r.reason,
        blockedAt: iso(r.blocked_at),
        expiresAt: r.expires_at ? iso(r.expires_at) : null,
        blockedBy: r.blocked_by,
        automatic: r.automatic,
        evidence: r.evidence ?? [],
      }));
    },

    /** Violations per hour (UTC hours), oldest first, `hours` entries ending with the current hour. */
    async perHour(now: Date, hours: number): Promise<HourlyViolations[]> {
      const last = Math.floor(now.getTime() / HOUR_MS);
      const first = last - hours + 1;
      const rows = await db
        .selectFrom('security_violations')
        .select([
          sql<number>`floor(extract(epoch from occurred_at) / 3600)::bigint`.as('h'),
          'type',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('occurred_at', '>=', new Date(first * HOUR_MS))
        .groupBy([sql`1`, 'type'])
        .execute();
      const out: HourlyViolations[] = Array.from({ length: hours }, (_, i) => ({
        hour: new Date((first + i) * HOUR_MS).toISOString(),
        total: 0,
        byType: {},
      }));
      for (const r of rows as any[]) {
        const slot = out[Number(r.h) - first];
        if (!slot) continue;
        slot.total += Number(r.n);
        slot.byType[r.type] = (slot.byType[r.type] ?? 0) + Number(r.n);
      }
      return out;
    },
  };
}
