import { PROFILE_FIELDS, PROFILE_LABELS, missingRequiredFields, type ProfileField } from '@fp/contracts';
import { CliError, type CliCommand } from './command';

async function userId(rt: Parameters<CliCommand['run']>[0], email: string | undefined, command: string) {
  if (!email) throw new CliError(`${command} needs --email`);
  const user = await rt.identity.findByEmail(email);
  if (!user) throw new CliError(`No user with e-mail ${email}`);
  return user.id;
}

const truncate = (v: string) => (v.length > 80 ? `${v.slice(0, 77)}...` : v);

/** Support and audit: a founder's startup profile, and who changed what and when. */
export const profileCommands: CliCommand[] = [
  {
    name: 'profile show',
    summary: '--email E  the startup profile, its completion and the required fields still missing',
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const id = await userId(rt, values.email, 'profile show');
      const { profile, completion } = await rt.services.profile.get(id);
      const missing = missingRequiredFields(profile);
      const lines = [
        `${values.email}: ${completion.percentage}% ${completion.isComplete ? '(complete)' : '(incomplete)'}`,
        // Form order (stored JSON does not keep key order).
        ...PROFILE_FIELDS.filter((f) => profile[f] !== undefined).map(
          (f) => `  ${PROFILE_LABELS[f].padEnd(22)} ${truncate(profile[f]!)}`,
        ),
        ...(missing.length ? [`  missing: ${missing.map((f) => PROFILE_LABELS[f as ProfileField]).join(', ')}`] : []),
      ];
      out.result({ email: values.email, userId: id, profile, completion, missing }, lines.join('\n'));
    },
  },
  {
    name: 'profile history',
    summary: '--email E  every change of the startup profile with who made it and when',
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const id = await userId(rt, values.email, 'profile history');
      const changes = await rt.services.profile.history(id);
      if (!changes.length) out.info(`${values.email} never saved a profile`);
      for (const c of changes) {
        const set = PROFILE_FIELDS.filter((f) => c.set[f] !== undefined).map((f) => PROFILE_LABELS[f]);
        const cleared = c.cleared.map((k) => PROFILE_LABELS[k]);
        out.result(
          c,
          `${c.at}  ${c.actor ?? '?'}  ${[set.length ? `set ${set.join(', ')}` : '', cleared.length ? `cleared ${cleared.join(', ')}` : ''].filter(Boolean).join('; ')}`,
        );
      }
    },
  },
];
