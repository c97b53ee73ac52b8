import { ACTION_PRICES, creditCount } from '@fp/contracts';
import { PageHeader } from '../../ui/PageHeader';
import { SavedSearchesBar, savedQuery } from '../saved-searches';
import { ActivityBanner } from './ActivityBanner';
import { DemoDataNotice } from './DemoDataNotice';
import { InvestorDialog } from './InvestorDialog';
import { ExportSuccess, SelectionBar } from './investors/ExportBars';
import { InvestorFilterBar } from './investors/InvestorFilterBar';
import { InvestorTable } from './investors/InvestorTable';
import { useInvestors } from './investors/useInvestors';
import { searchFromAngelFilters } from './investor-search';

/** /investors: the angel investor database (spec §2, §4, §5, §8). */
export function InvestorsPage() {
  const db = useInvestors();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Angel Investors"
        description={`Search 43,000+ angel investors, select the ones that fit your startup and export their contacts. Each export costs ${creditCount(ACTION_PRICES.angel_export)}.`}
        className="mb-0"
      />
      <ExportSuccess exporter={db.exporter} />
      <DemoDataNotice kind="angels" />
      <ActivityBanner guard={db.guard} />
      <InvestorFilterBar {...db} />
      <SavedSearchesBar kind="angel" query={savedQuery(searchFromAngelFilters(db.view.filters, 1))} />
      <SelectionBar selection={db.selection} exporter={db.exporter} />
      <InvestorTable {...db} onDetails={db.setDetails} />
      <InvestorDialog investor={db.details} onClose={() => db.setDetails(null)} />
      {db.exporter.spendDialog}
    </div>
  );
}
