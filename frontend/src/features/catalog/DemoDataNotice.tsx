import type { CatalogSourcesResponse } from '@fp/contracts/catalog/index';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { apiRequest } from '../../lib/api';

/**
 * Shown while the catalog holds generated records of this kind: a founder must know these firms
 * or angels are not real, and an operator how to load real data.
 */
export function DemoDataNotice({ kind }: { kind: 'vc' | 'angels' }) {
  const sources = useQuery({
    queryKey: ['catalog-sources'],
    queryFn: () => apiRequest<CatalogSourcesResponse>('/api/catalog/sources'),
    staleTime: 60_000,
  });
  const demo = sources.data?.sources.find((s) => s.demo && s.source === `demo-${kind}`);
  if (!demo) return null;
  return (
    <div role="note" data-testid="demo-data-notice" className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Demo data.</span>{' '}
        {kind === 'vc' ? 'These VC firms are generated' : 'These angel investors are generated'} ({demo.records.toLocaleString('en-US')} records): their
        websites and e-mails are reserved <code>.example</code> names, and applications to them are skipped without charge.
        {kind === 'vc'
          ? <> To load real investor data, an operator runs <code className="break-all">npm run cli -- catalog import --source fundraisingfox --file firms.csv</code> (see docs/catalog.md).</>
          : <> Real angel data can be imported by an operator (see docs/catalog.md).</>}
      </p>
    </div>
  );
}
