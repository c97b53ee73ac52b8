import { IpAddress } from '@fp/contracts';
import { createSecurityQueries } from '../modules/security/index';
import { CliError, type CliCommand } from './command';

const operator = () => `operator:${process.env.USER ?? 'cli'}`;

function ipOf(value: string | undefined, command: string): string {
  if (!value) throw new CliError(`${command} needs --ip`);
  const r = IpAddress.safeParse(value);
  if (!r.success) throw new CliError(r.error.issues[0]?.message ?? 'Invalid IP address');
  return r.data;
}

/**
 * Operators' side of the security module: what the dashboard shows, and blocking or unblocking an
 * address (the way back in when an operator's own address got blocked). A running server picks the
 * change up within SECURITY_BLOCKLIST_REFRESH_MS.
 */
export const securityCommands: CliCommand[] = [
  {
    name: 'security status',
    summary: '  → totals, violations by type, blocked IPs',
    async run(rt, _args, out) {
      const q = createSecurityQueries(rt.ctx.db);
      const now = new Date();
      const status = await q.status(now);
      const blocked = await q.blockedIps(now);
      const lines = [
        `Total violations: ${status.totalViolations}`,
        ...Object.entries(status.violationsByType).map(([t, n]) => `  ${t.padEnd(12)} ${n}`),
        `Blocked IPs: ${status.blockedIps}`,
        ...blocked.map((b) => `  ${b.ip.padEnd(40)} until ${b.expiresAt ?? 'unblocked'}  ${b.reason}`),
      ];
      out.result({ ...status, recentViolations: status.recentViolations.length, blocked }, lines.join('\n'));
    },
  },
  {
    name: 'security block-ip',
    summary: '--ip A --reason R [--minutes N]  (no --minutes: until unblocked)',
    options: { ip: { type: 'string' }, reason: { type: 'string' }, minutes: { type: 'string' } },
    async run(rt, { values }, out) {
      const ip = ipOf(values.ip, 'security block-ip');
      if (!values.reason?.trim()) throw new CliError('security block-ip needs --reason');
      const minutes = values.minutes === undefined ? null : Number(values.minutes);
      if (minutes !== null && !(Number.isFinite(minutes) && minutes > 0))
        throw new CliError('--minutes must be a positive number');
      const r = await rt.services.security.blockIp(ip, values.reason, minutes === null ? null : minutes * 60_000, {
        now: new Date(),
        actor: operator(),
      });
      out.result(r, `Blocked ${ip}${r.expiresAt ? ` until ${r.expiresAt}` : ' until unblocked'}`);
    },
  },
  {
    name: 'security unblock-ip',
    summary: '--ip A',
    options: { ip: { type: 'string' } },
    async run(rt, { values }, out) {
      const ip = ipOf(values.ip, 'security unblock-ip');
      const r = await rt.services.security.unblockIp(ip, { now: new Date(), actor: operator() });
      out.result(r, `Unblocked ${ip}`);
    },
  },
];
