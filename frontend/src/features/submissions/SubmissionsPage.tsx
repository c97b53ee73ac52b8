import { PageHeader } from '../../ui/PageHeader';

/** /submissions — filled in by the submissions screen work. */
export function SubmissionsPage() {
  return <PageHeader title="Submissions" description="Follow the progress of your applications." />;
}
