import type { CliCommand } from './command';

export const projectionCommands: CliCommand[] = [
  {
    name: 'projections rebuild',
    summary: '[name]  empties read models and replays the event log into them',
    async run(rt, { positionals }, out) {
      const results = await rt.ctx.projections.rebuild(positionals[0]);
      for (const r of results) out.result(r, `${r.name}: ${r.events} events in ${r.ms} ms`);
    },
  },
  {
    name: 'projections status',
    summary: 'position, lag and status of every projection',
    async run(rt, _args, out) {
      for (const s of await rt.ctx.projections.status())
        out.result(
          s,
          `${s.name.padEnd(20)} ${s.status.padEnd(8)} position ${s.position} lag ${s.lag}${s.error ? ` error: ${s.error}` : ''}`,
        );
    },
  },
  {
    name: 'projections resume',
    summary: '<name>  clears a failure and goes on from the checkpoint',
    async run(rt, { positionals }, out) {
      await rt.ctx.projections.resume(positionals[0] ?? '');
      out.result({ resumed: positionals[0] }, `resumed ${positionals[0]}`);
    },
  },
];
