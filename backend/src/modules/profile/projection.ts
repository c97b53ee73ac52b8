import { eventTime } from '@fp/infra';
import { PROFILE_EVENT_TYPES, profileCompletion, type ProfileEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { profileFromRow, rowFromProfile } from './columns';
import { profileDecider, type ProfileState } from './profile-decider';

interface Current extends ProfileState {
  version: number;
  updatedBy: string;
  updatedAt: string | Date;
}

// 27 columns a row: 500 rows stay well under Postgres' 65,535 bind parameters.
const CHUNK = 500;

/**
 * startup_profiles: the current profile of each founder, with its completion. A batch is folded in
 * memory (one read of the founders it touches, one upsert per 500 of them) so a rebuild replays
 * quickly.
 */
export const startupProfilesProjection: Projection = {
  name: 'startup_profiles',
  eventTypes: [...PROFILE_EVENT_TYPES],
  tables: ['startup_profiles'],
  async apply(tx, events) {
    const ids = [...new Set(events.map((e) => (e.data as ProfileEvent['data']).userId))];
    if (!ids.length) return;
    const existing = await tx.selectFrom('startup_profiles').selectAll().where('user_id', 'in', ids).execute();
    const current = new Map<string, Current>(
      existing.map((r) => [
        r.user_id,
        { profile: profileFromRow(r), version: r.version, updatedBy: r.updated_by, updatedAt: r.updated_at },
      ]),
    );
    const touched = new Set<string>();
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as ProfileEvent;
      const userId = ev.data.userId;
      const before = current.get(userId);
      // Replaying an event already applied (same or older position) changes nothing.
      if (before && before.version > e.streamPosition) continue;
      const { profile } = profileDecider.evolve({ profile: before?.profile ?? {} }, ev);
      current.set(userId, {
        profile,
        version: e.streamPosition + 1,
        updatedBy: e.metadata.actor ?? userId,
        updatedAt: eventTime(e),
      });
      touched.add(userId);
    }
    const rows = [...touched].map((userId) => {
      const c = current.get(userId)!;
      const { percentage, isComplete } = profileCompletion(c.profile);
      return {
        user_id: userId,
        ...rowFromProfile(c.profile),
        percentage,
        is_complete: isComplete,
        version: c.version,
        updated_by: c.updatedBy,
        updated_at: c.updatedAt,
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insertInto('startup_profiles')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) =>
            Object.fromEntries(
              Object.keys(rows[0]!)
                .filter((k) => k !== 'user_id')
                .map((k) => [k, eb.ref(`excluded.${k}`)]),
            ),
          ),
        )
        .execute();
    }
  },
};
