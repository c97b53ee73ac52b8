import { FilterX, X } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { hasAngelFilters } from '../investor-queries';
import { LocationFilter } from '../LocationFilter';
import { SearchBox } from '../SearchBox';
import { SelectAllFilteredButton } from '../SelectAllFilteredButton';
import { locationChips, rangeChipLabel } from '../locations';
import { fmt } from './format';
import type { Investors } from './useInvestors';

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-border bg-secondary py-1 pr-1 pl-3 text-xs font-medium text-secondary-foreground">
      {label}
      <button
        type="button"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
        className="rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X className="size-3" aria-hidden="true" />
      </button>
    </span>
  );
}

/** Search, location filter, the active filters as removable chips, and the selection buttons. */
export function InvestorFilterBar({
  view,
  list,
  rows,
  total,
  locationOptions,
  selection,
}: Pick<Investors, 'view' | 'list' | 'rows' | 'total' | 'locationOptions' | 'selection'>) {
  const { filters, searchDraft, setSearchDraft, applyFilters } = view;
  const chips = useMemo(() => locationChips(locationOptions, filters.countries), [locationOptions, filters.countries]);
  const investmentChip = rangeChipLabel(filters.investmentMin, filters.investmentMax, 'Investments');
  const exitChip = rangeChipLabel(filters.exitMin, filters.exitMax, 'Exits');
  const anyFilter = hasAngelFilters(filters) || searchDraft.trim() !== '';

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchBox
          className="relative flex-1"
          label="Search angel investors"
          placeholder="Search by name, location, industry… press Enter"
          value={searchDraft}
          onChange={setSearchDraft}
          onEnter={view.applySearch}
        />
        <LocationFilter
          options={locationOptions}
          value={filters.countries}
          onChange={(countries) => applyFilters({ countries })}
        />
        {anyFilter ? (
          <Button variant="ghost" onClick={view.clearAll}>
            <FilterX className="size-4" aria-hidden="true" />
            Clear All Filters
          </Button>
        ) : null}
      </div>
      {chips.length || investmentChip || exitChip ? (
        <div className="flex flex-wrap gap-1.5" aria-label="Active filters">
          {chips.map((c) => (
            <Chip
              key={c.key}
              label={c.label}
              onRemove={() => applyFilters({ countries: filters.countries.filter((x) => !c.locations.includes(x)) })}
            />
          ))}
          {investmentChip ? (
            <Chip label={investmentChip} onRemove={() => applyFilters({ investmentMin: '', investmentMax: '' })} />
          ) : null}
          {exitChip ? <Chip label={exitChip} onRemove={() => applyFilters({ exitMin: '', exitMax: '' })} /> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={selection.togglePage} disabled={!rows.length}>
          {selection.pageAllSelected ? 'Deselect Page' : `Select Page (${fmt(rows.length)})`}
        </Button>
        <SelectAllFilteredButton
          total={total}
          selecting={selection.selectingAll}
          onClick={selection.selectAllFiltered}
        />
        {list.isFetching && list.data ? (
          <Spinner size="sm" label="Updating results" className="ml-auto text-muted-foreground" />
        ) : null}
      </div>
    </Card>
  );
}
