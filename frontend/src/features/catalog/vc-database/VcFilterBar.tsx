import { FIT_NEEDS_PROFILE, sanitizeAumInput } from '@fp/contracts';
import { Link } from '@tanstack/react-router';
import { CheckSquare, FilterX } from 'lucide-react';
import { useMemo, type KeyboardEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Checkbox } from '../../../ui/Checkbox';
import { Input } from '../../../ui/Input';
import { MultiSelect } from '../../../ui/MultiSelect';
import { Select } from '../../../ui/Select';
import { Spinner } from '../../../ui/Spinner';
import { SearchBox } from '../SearchBox';
import { SelectAllFilteredButton } from '../SelectAllFilteredButton';
import { hasVcFilters, type VcFilters } from '../vc-queries';
import type { VcDatabase } from './useVcDatabase';

const fmt = (n: number) => n.toLocaleString('en-US');
const FIT_MIN_OPTIONS = [
  { value: '', label: 'Any' },
  ...[40, 50, 60, 70, 80].map((n) => ({ value: String(n), label: String(n) })),
];

/** Search, filters, order and fit threshold, the selection buttons and the live count of the VC database. */
export function VcFilterBar({
  view,
  query,
  fit,
  options,
  selection,
  total,
  firmCount,
  updating,
}: Pick<VcDatabase, 'view' | 'query' | 'fit' | 'options' | 'selection' | 'total'> & {
  firmCount: number;
  updating: boolean;
}) {
  const { filters, searchDraft, setSearchDraft, aumDraft, setAumDraft, aumError, applyFilters, applyAum } = view;
  const onAumKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') applyAum();
  };
  const countryOptions = useMemo(() => options?.locations ?? [], [options]);
  const typeOptions = useMemo(() => options?.investorTypes ?? [], [options]);

  return (
    <Card className="p-4 sm:p-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchBox
          className="relative sm:col-span-2"
          label="Search firms"
          placeholder="Search firms, press Enter"
          value={searchDraft}
          onChange={setSearchDraft}
          onEnter={view.applySearch}
        />
        <MultiSelect
          label="Countries"
          placeholder="All countries"
          options={countryOptions}
          value={filters.countries}
          onChange={(countries) => applyFilters({ countries })}
        />
        <MultiSelect
          label="Investor types"
          placeholder="All investor types"
          options={typeOptions}
          value={filters.investorTypes}
          onChange={(investorTypes) => applyFilters({ investorTypes })}
        />
      </div>
      <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <div className="flex items-center gap-2">
          <span className="text-sm font-medium whitespace-nowrap text-muted-foreground">AUM ($M)</span>
          <Input
            className="w-full lg:w-28"
            aria-label="Minimum AUM in millions"
            aria-invalid={aumError ? true : undefined}
            aria-describedby={aumError ? 'aum-error' : undefined}
            placeholder="Min"
            inputMode="decimal"
            value={aumDraft.min}
            onChange={(e) => setAumDraft((d) => ({ ...d, min: sanitizeAumInput(e.target.value) }))}
            onBlur={applyAum}
            onKeyDown={onAumKey}
          />
          <span className="text-muted-foreground" aria-hidden="true">
            –
          </span>
          <Input
            className="w-full lg:w-28"
            aria-label="Maximum AUM in millions"
            aria-invalid={aumError ? true : undefined}
            aria-describedby={aumError ? 'aum-error' : undefined}
            placeholder="Max"
            inputMode="decimal"
            value={aumDraft.max}
            onChange={(e) => setAumDraft((d) => ({ ...d, max: sanitizeAumInput(e.target.value) }))}
            onBlur={applyAum}
            onKeyDown={onAumKey}
          />
        </div>
        {/* Right under the boxes on phones; a line of its own at the end of the filters on wide screens. */}
        {aumError ? (
          <p
            id="aum-error"
            role="alert"
            className="text-sm font-medium text-destructive lg:order-last lg:basis-full"
            data-testid="aum-error"
          >
            {aumError} The list below still shows the filters applied before.
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center">
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-muted-foreground sm:flex-row sm:items-center sm:gap-2">
            <span className="whitespace-nowrap">Sort by</span>
            <Select
              className="sm:w-36"
              aria-label="Sort by"
              options={[
                { value: 'fit', label: 'Best fit', disabled: !fit.ready },
                { value: 'name', label: 'Name (A–Z)' },
              ]}
              value={query.sort}
              onChange={(e) => applyFilters({ sort: e.target.value as VcFilters['sort'] })}
            />
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-muted-foreground sm:flex-row sm:items-center sm:gap-2">
            <span className="whitespace-nowrap">Fit at least</span>
            <Select
              className="sm:w-24"
              aria-label="Fit at least"
              disabled={!fit.ready}
              options={
                FIT_MIN_OPTIONS.some((o) => o.value === query.fitMin)
                  ? FIT_MIN_OPTIONS
                  : [...FIT_MIN_OPTIONS, { value: query.fitMin, label: query.fitMin }]
              }
              value={query.fitMin}
              onChange={(e) => applyFilters({ fitMin: e.target.value })}
            />
          </label>
        </div>
        <Checkbox
          checked={filters.acceptsOnline}
          onCheckedChange={(acceptsOnline) => applyFilters({ acceptsOnline })}
          label="Accepts online applications"
          className="whitespace-nowrap"
          data-testid="accepts-online"
        />
        <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
          <Button variant="outline" size="sm" onClick={selection.selectPage} disabled={!firmCount}>
            <CheckSquare className="size-4" aria-hidden="true" />
            Select Page
          </Button>
          <SelectAllFilteredButton
            total={total}
            selecting={selection.selectingAll}
            onClick={selection.selectAllFiltered}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={view.clearFilters}
            disabled={!hasVcFilters(filters) && !searchDraft && !aumDraft.min && !aumDraft.max}
          >
            <FilterX className="size-4" aria-hidden="true" />
            Clear Filters
          </Button>
          <span className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            {updating ? <Spinner size="sm" label="Updating results" /> : null}
            {selection.selected.size ? `${fmt(selection.selected.size)} selected` : null}
          </span>
        </div>
      </div>
      {fit.missing ? (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="fit-hint">
          {FIT_NEEDS_PROFILE}.{' '}
          <Link to="/settings" className="font-medium text-primary hover:underline">
            Open Settings
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
