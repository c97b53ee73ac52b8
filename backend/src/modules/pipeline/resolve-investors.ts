import type { InvestorKind } from '@fp/contracts';
import { DomainError } from '../../platform/decider';
import type { PipelineServiceContext } from './context';
import { investorKey, type InvestorRef } from './pipeline-decider';

/** Names of the investors from the catalog (VC firms, test firms, angels); an unknown id is a 404. */
export async function resolveInvestors(
  ctx: Pick<PipelineServiceContext, 'catalog'>,
  investors: { investorId: string; investorKind: InvestorKind }[],
): Promise<InvestorRef[]> {
  const vcIds = investors.filter((i) => i.investorKind === 'vc').map((i) => i.investorId);
  const names = new Map<string, string>();
  if (vcIds.length) {
    for (const f of await ctx.catalog.getFirms(vcIds, { test: false })) names.set(investorKey('vc', f.id), f.name);
    const missing = vcIds.filter((id) => !names.has(investorKey('vc', id)));
    if (missing.length)
      for (const f of await ctx.catalog.getFirms(missing, { test: true })) names.set(investorKey('vc', f.id), f.name);
  }
  const angelIds = [...new Set(investors.filter((i) => i.investorKind === 'angel').map((i) => i.investorId))];
  const angels = await Promise.all(
    angelIds.map((id) =>
      ctx.catalog.angel(id).then(
        (a) => a,
        () => null,
      ),
    ),
  );
  for (const a of angels) if (a) names.set(investorKey('angel', a.id), a.companyName);
  return investors.map((i) => {
    const name = names.get(investorKey(i.investorKind, i.investorId));
    if (!name)
      throw new DomainError(
        `${i.investorKind === 'vc' ? 'VC firm' : 'Angel investor'} not found: ${i.investorId}`,
        404,
        'not_found',
      );
    return { ...i, name };
  });
}
