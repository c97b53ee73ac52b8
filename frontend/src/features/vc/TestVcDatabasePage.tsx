import { PageHeader } from '../../ui/PageHeader';

/** /test-vc-database — filled in by the test VC database screen work. */
export function TestVcDatabasePage() {
  return <PageHeader title="Test VC Database" description="Try the submission flow on test data." />;
}
