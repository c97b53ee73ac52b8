import { VcDatabaseScreen } from './VcDatabaseScreen';

/** /vc-database */
export function VcDatabasePage() {
  return <VcDatabaseScreen variant="vc" />;
}
