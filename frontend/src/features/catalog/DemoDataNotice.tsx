import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FlaskConical } from 'lucide-react';
import { api } from '../../lib/api';
import { useOpsAccess } from '../ops';

/**
 * Shown while the catalog holds generated records of this kind: a founder must know these firms
 * or angels are not real and where to try an application for real (the test firms); only an
 * operator is told how to load real data (founders cannot run the CLI).
 */
export function DemoDataNotice({ kind }: { kind: 'vc' | 'angels' }) {
  const { admin } = useOpsAccess();
  const sources = useQuery({
    queryKey: ['catalog-sources'],
    queryFn: () => api('catalogSources', 'GET'),
    staleTime: 60_000,
  });
  const demo = sources.data?.sources.find((s) => s.demo && s.source === `demo-${kind}`);
  if (!demo) return null;
  return (
    <div
      role="note"
      data-testid="demo-data-notice"
      className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="flex-1">
        <span className="font-medium">Demo data.</span>{' '}
        {kind === 'vc' ? 'These VC firms are generated' : 'These angel investors are generated'} (
        {demo.records.toLocaleString('en-US')} records): their websites and e-mails are reserved <code>.example</code>{' '}
        names{kind === 'vc' ? ', and applications to them are skipped without charge' : ''}.
        {kind === 'vc' ? (
          <>
            {' '}
            To see an application go through, try the{' '}
            <Link to="/test-vc-database" className="font-medium text-primary underline underline-offset-2">
              test firms
            </Link>
            : sandbox sites that accept applications.
          </>
        ) : null}
        {kind === 'vc' && admin ? (
          <>
            {' '}
            Operators load real investor data with{' '}
            <code className="break-all">
              npm run cli -- catalog import --source fundraisingfox --file firms.csv
            </code>{' '}
            (docs/catalog.md).
          </>
        ) : null}
      </p>
    </div>
  );
}
