import { PageHeader } from '../../ui/PageHeader';

/** /pricing — filled in by the pricing screen work. */
export function PricingPage() {
  return <PageHeader title="Credits & Plans" description="One credit pays for one VC application." />;
}
