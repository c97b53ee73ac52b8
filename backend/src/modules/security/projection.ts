import { SECURITY_EVENT_TYPES, type SecurityEvent } from '@fp/contracts';
import { eachEvent, type Projection } from '@fp/projections';
import { sql } from 'kysely';

/** security_violations (+ totals per type) and security_blocked_ips: the block list is this projection. */
export const securityProjection: Projection = {
  name: 'security',
  eventTypes: [...SECURITY_EVENT_TYPES],
  tables: ['security_violations', 'security_violation_counts', 'security_blocked_ips'],
  apply: eachEvent<SecurityEvent>(async (tx, ev) => {
    switch (ev.type) {
      case 'ViolationRecorded': {
        const d = ev.data;
        const inserted = await tx
          .insertInto('security_violations')
          .values({
            violation_id: d.violationId,
            type: d.violationType,
            ip: d.ip,
            method: d.method,
            endpoint: d.endpoint,
            user_agent: d.userAgent,
            user_id: d.userId,
            detail: d.detail,
            occurred_at: d.occurredAt,
          })
          .onConflict((oc) => oc.column('violation_id').doNothing())
          .returning('violation_id')
          .executeTakeFirst();
        if (inserted) {
          await tx
            .insertInto('security_violation_counts')
            .values({ type: d.violationType, count: 1 })
            .onConflict((oc) => oc.column('type').doUpdateSet({ count: sql`security_violation_counts.count + 1` }))
            .execute();
        }
        break;
      }
      case 'IpBlocked': {
        const d = ev.data;
        const row = {
          reason: d.reason,
          blocked_at: d.blockedAt,
          expires_at: d.expiresAt,
          blocked_by: d.blockedBy,
          automatic: d.automatic,
          evidence: JSON.stringify(d.evidence ?? []),
        };
        await tx
          .insertInto('security_blocked_ips')
          .values({ ip: d.ip, ...row })
          .onConflict((oc) => oc.column('ip').doUpdateSet(row))
          .execute();
        break;
      }
      case 'IpUnblocked':
        await tx.deleteFrom('security_blocked_ips').where('ip', '=', ev.data.ip).execute();
        break;
    }
  }),
};
