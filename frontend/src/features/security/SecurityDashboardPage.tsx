import { PageHeader } from '../../ui/PageHeader';

/** /security-dashboard — filled in by the security dashboard screen work. */
export function SecurityDashboardPage() {
  return <PageHeader title="Security Dashboard" description="Abuse violations and blocked IP addresses." />;
}
