import { PageHeader } from '../../ui/PageHeader';

/** /investors — filled in by the angel investors screen work. */
export function InvestorsPage() {
  return <PageHeader title="Angel Investors" description="Search 43,000+ angel investors and export their contacts." />;
}
