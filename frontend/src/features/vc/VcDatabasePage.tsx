import { PageHeader } from '../../ui/PageHeader';

/** /vc-database — filled in by the VC database screen work. */
export function VcDatabasePage() {
  return <PageHeader title="VC Database" description="Browse venture capital firms and submit applications." />;
}
