import { VcDatabaseScreen } from './VcDatabaseScreen';

/** /test-vc-database: the VC database on test firms (20 per page, no rate limiting). */
export function TestVcDatabasePage() {
  return <VcDatabaseScreen variant="test" />;
}
