import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

/** users: one row per registered user, with roles. */
export const usersProjection: Projection = {
  name: 'users',
  eventTypes: [...ACCOUNT_EVENT_TYPES],
  tables: ['users'],
  async apply(tx, events) {
    // Registrations dominate the log: consecutive ones go in one multi-row insert (fast rebuilds).
    let pending: Record<string, unknown>[] = [];
    const flush = async () => {
      if (!pending.length) return;
      await tx.insertInto('users').values(pending).onConflict((oc) => oc.column('id').doNothing()).execute();
      pending = [];
    };
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as AccountEvent;
      if (ev.type === 'UserRegistered') {
        pending.push({ id: ev.data.userId, email: ev.data.email, first_name: ev.data.firstName, last_name: ev.data.lastName, profile_image_url: ev.data.profileImageUrl, registered_at: e.metadata.now ?? e.createdAt });
        if (pending.length >= 1000) await flush();
        continue;
      }
      await flush();
      switch (ev.type) {
        case 'UserDetailsChanged':
          await tx.updateTable('users').set({ email: ev.data.email, first_name: ev.data.firstName, last_name: ev.data.lastName, profile_image_url: ev.data.profileImageUrl }).where('id', '=', ev.data.userId).execute();
          break;
        case 'AdminRoleGranted':
          await tx.updateTable('users').set({ roles: sql`array(select distinct unnest(roles || array['admin']))` }).where('id', '=', ev.data.userId).execute();
          break;
      }
    }
    await flush();
  },
};
