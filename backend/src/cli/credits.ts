import { auditLedger, ledgerHistory } from '../modules/credits/index';
import type { Runtime } from '../runtime';
import { CliError, type CliCommand } from './command';

const operator = () => `operator:${process.env.USER ?? 'cli'}`;

/** Left- or right-aligned text table. */
function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function emailsOf(rt: Runtime, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 10_000) {
    const rows = await rt.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', ids.slice(i, i + 10_000))
      .execute();
    for (const r of rows) out.set(r.id, r.email);
  }
  return out;
}

async function userByEmail(rt: Runtime, email: string | undefined, command: string) {
  if (!email) throw new CliError(`${command} needs --email`);
  const user = await rt.identity.findByEmail(email);
  if (!user) throw new CliError(`No user with e-mail ${email}`);
  return user;
}

export const creditCommands: CliCommand[] = [
  {
    name: 'credits grant',
    summary: '--email E --amount N --reason R  (operator grant, recorded with the operator as actor)',
    options: { email: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
    async run(rt, { values }, out) {
      const amount = Number(values.amount);
      if (!values.email || !Number.isSafeInteger(amount) || amount <= 0 || !values.reason?.trim())
        throw new CliError('credits grant needs --email, a positive whole --amount and --reason');
      const user = await userByEmail(rt, values.email, 'credits grant');
      const actor = operator();
      const r = await rt.services.credits.grant(user.id, amount, values.reason, actor, { now: new Date(), actor });
      out.result(
        { email: user.email, amount, balance: r.balance },
        `Granted ${amount} credit(s) to ${user.email}; balance ${r.balance}`,
      );
    },
  },
  {
    name: 'ledger audit',
    summary:
      'replays every credit ledger from the event store and compares it with the read model (exit 1 on any mismatch)',
    async run(rt, _args, out) {
      const report = await auditLedger(rt.ctx);
      const emails = await emailsOf(
        rt,
        report.rows.map((r) => r.userId),
      );
      const rows = report.rows.map((r) => ({ ...r, email: emails.get(r.userId) ?? null }));
      // A pending refund is owed and being retried, not lost: counted apart, never a problem.
      const pending = report.pendingRefunds
        ? `; ${report.pendingRefunds} refund(s) pending (${report.pendingCredits} credit(s)), retried until they land`
        : '';
      const summary = `${report.streams} ledger(s), ${report.events} event(s) replayed in ${report.ms} ms: ${report.ok ? 'all balances match' : `${report.problems} problem(s)`}${pending}`;
      const text = table(
        ['user', 'events', 'replayed', 'read model', 'status', 'pending refunds', 'problem'],
        rows.map((r) => [
          r.email ?? r.userId,
          String(r.events),
          String(r.replayed),
          r.readModel === null ? '-' : String(r.readModel),
          r.status.toUpperCase(),
          r.pendingRefunds ? `${r.pendingRefunds} (${r.pendingCredits} cr)` : '',
          r.problem ?? '',
        ]),
        [false, true, true, true, false, true, false],
      );
      out.result(
        {
          ok: report.ok,
          streams: report.streams,
          events: report.events,
          problems: report.problems,
          pendingRefunds: report.pendingRefunds,
          pendingCredits: report.pendingCredits,
          ms: report.ms,
          rows,
        },
        `${text}\n\n${summary}`,
      );
      if (!report.ok) process.exitCode = 1;
    },
  },
  {
    name: 'ledger history',
    summary: "--email E  a user's movements in order, from the event store, with running balance",
    options: { email: { type: 'string' } },
    async run(rt, { values }, out) {
      const user = await userByEmail(rt, values.email, 'ledger history');
      const lines = await ledgerHistory(rt.ctx.store, user.id);
      const text = lines.length
        ? table(
            ['#', 'when', 'kind', 'amount', 'balance', 'reason', 'reference', 'actor'],
            lines.map((l) => [
              String(l.position),
              l.at,
              l.kind,
              l.amount > 0 ? `+${l.amount}` : String(l.amount),
              String(l.balance),
              l.reason,
              l.reference ?? '',
              l.actor,
            ]),
            [true, false, false, true, true, false, false, false],
          )
        : `${user.email} has no credit movements`;
      out.result({ email: user.email, userId: user.id, balance: lines.at(-1)?.balance ?? 0, movements: lines }, text);
    },
  },
];
