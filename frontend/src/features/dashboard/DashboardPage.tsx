import { displayName, useIdentity } from '../../lib/identity';
import { PageHeader } from '../../ui/PageHeader';

/** / and /dashboard — cards for VC database, submissions, credits, profile and stats go here. */
export function DashboardPage() {
  const { user } = useIdentity();
  return <PageHeader title="Dashboard" description={`Welcome back, ${displayName(user)}!`} />;
}
