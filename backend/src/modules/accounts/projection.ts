import { eventTime } from '@fp/infra';
import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '@fp/contracts';
import type { Projection } from '@fp/projections';
import { sql } from 'kysely';

const at = eventTime;

/** users: one row per registered user, with roles, disabled state and last sign-in. */
export const usersProjection: Projection = {
  name: 'users',
  eventTypes: [...ACCOUNT_EVENT_TYPES],
  tables: ['users'],
  async apply(tx, events) {
    // Registrations dominate the log: consecutive ones go in one multi-row insert (fast rebuilds).
    let pending: {
      id: string;
      email: string;
      first: string | null;
      last: string | null;
      image: string | null;
      at: string;
    }[] = [];
    const flush = async () => {
      if (!pending.length) return;
      // One statement for the whole run of registrations, as column arrays.
      await sql`insert into users (id, email, first_name, last_name, profile_image_url, registered_at)
        select * from unnest(${pending.map((p) => p.id)}::text[], ${pending.map((p) => p.email)}::text[], ${pending.map((p) => p.first)}::text[],
                             ${pending.map((p) => p.last)}::text[], ${pending.map((p) => p.image)}::text[], ${pending.map((p) => p.at)}::timestamptz[])
        on conflict (id) do nothing`.execute(tx);
      pending = [];
    };
    for (const e of events) {
      const ev = { type: e.type, data: e.data } as AccountEvent;
      if (ev.type === 'UserRegistered') {
        pending.push({
          id: ev.data.userId,
          email: ev.data.email,
          first: ev.data.firstName,
          last: ev.data.lastName,
          image: ev.data.profileImageUrl,
          at: eventTime(e),
        });
        continue;
      }
      await flush();
      switch (ev.type) {
        case 'UserDetailsChanged':
          await tx
            .updateTable('users')
            .set({
              email: ev.data.email,
              first_name: ev.data.firstName,
              last_name: ev.data.lastName,
              profile_image_url: ev.data.profileImageUrl,
            })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
        case 'AdminRoleGranted':
        case 'RoleGranted': {
          const role = ev.type === 'AdminRoleGranted' ? 'admin' : ev.data.role;
          await tx
            .updateTable('users')
            .set({ roles: sql`array(select distinct unnest(roles || array[${role}]::text[]))` })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
        }
        case 'RoleRevoked':
          await tx
            .updateTable('users')
            .set({ roles: sql`array_remove(roles, ${ev.data.role}::text)` })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
        case 'AccountDisabled':
          await tx
            .updateTable('users')
            .set({ disabled_at: at(e), disabled_reason: ev.data.reason, disabled_by: ev.data.disabledBy })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
        case 'AccountEnabled':
          await tx
            .updateTable('users')
            .set({ disabled_at: null, disabled_reason: null, disabled_by: null })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
        case 'UserSignedIn':
          await tx
            .updateTable('users')
            .set({ last_sign_in_at: at(e) })
            .where('id', '=', ev.data.userId)
            .execute();
          break;
      }
    }
    await flush();
  },
};
