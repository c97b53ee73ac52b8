import { PageHeader } from '../../ui/PageHeader';

/** /credits — filled in by the credits screen work. */
export function CreditsPage() {
  return <PageHeader title="Buy Credits" description="Top up your credit balance." />;
}
