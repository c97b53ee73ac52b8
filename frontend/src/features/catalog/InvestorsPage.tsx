import type { AngelInvestorListItem } from '@fp/contracts';
import { DemoDataNotice } from './DemoDataNotice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CheckCircle2, Download, FilterX, ListChecks, Search, Users, X } from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { activityGuard, isRateLimitError } from '../../lib/activity-guard';
import { NO_TOKEN } from '../../lib/api';
import { useAppConfig, useIdentity } from '../../lib/identity';
import { Button, buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Input } from '../../ui/Input';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { creditBalanceQueryOptions, creditKeys } from '../credits/queries';
import { useSpendConfirmation } from '../credits/SpendConfirm';
import { ActivityBanner, useActivityGuard } from './ActivityBanner';
import { allSelected, toggleAll, toggleOne, type SelectionChange } from './selection';
import { InvestorDialog } from './InvestorDialog';
import { InvestorRow } from './InvestorRow';
import { LocationFilter } from './LocationFilter';
import { locationChips, rangeChipLabel } from './locations';
import { applyGuardedSelection } from './guarded-selection';
import { filtersFromAngelSearch, searchFromAngelFilters, validateAngelSearch } from './investor-search';
import { AddToPipelineButton } from '../pipeline/AddToPipelineButton';
import {
  ANGEL_PAGE_SIZE,
  angelFilterOptionsQueryOptions,
  angelInvestorsQueryOptions,
  EMPTY_ANGEL_FILTERS,
  exportAngels,
  fetchAllAngelIds,
  hasAngelFilters,
  type AngelFilters,
} from './investor-queries';
import { SavedSearchesBar } from '../saved-searches/SavedSearchesBar';
import { savedQuery } from '../saved-searches/queries';

const fmt = (n: number) => n.toLocaleString('en-US');
const investors = (n: number) => `${fmt(n)} ${n === 1 ? 'investor' : 'investors'}`;

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

/** /investors: the angel investor database (spec §2, §4, §5, §8). */
export function InvestorsPage() {
  const identity = useIdentity();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const guard = activityGuard;
  const { blocking } = useActivityGuard(guard);
  const ready = identity.loaded && identity.signedIn;

  // Query, filters and page live in the URL (validated by the route's validateSearch). Range filters
  // have no inputs here (spec §2); they can arrive in the address (?investmentMin=5).
  const navigate = useNavigate();
  // `strict: false` gives the address as parsed, not as validated: validated here again (idempotent).
  const raw = useSearch({ strict: false });
  const search = useMemo(() => validateAngelSearch(raw), [raw]);
  const filters = useMemo(() => filtersFromAngelSearch(search), [search]);
  const page = search.page ?? 1;
  const setView = (f: AngelFilters, p: number) => void navigate({ to: '.', search: searchFromAngelFilters(f, p) });
  const setPage = (p: number) => setView(filters, p);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  // Back/forward or a shared link changes the URL: the search box follows it.
  useEffect(() => setSearchDraft(filters.search), [filters.search]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [details, setDetails] = useState<AngelInvestorListItem | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);
  const [exported, setExported] = useState<number | null>(null);

  const list = useQuery({ ...angelInvestorsQueryOptions(filters, page, guard), enabled: ready && !blocking });
  const options = useQuery({ ...angelFilterOptionsQueryOptions(), enabled: ready });
  const balance = useQuery({ ...creditBalanceQueryOptions(), enabled: ready });

  const rows = list.data?.investors ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ANGEL_PAGE_SIZE));
  const pageIds = rows.map((r) => r.id);
  const pageAllSelected = allSelected(selected, pageIds);
  const credits = balance.data;
  const canAfford = credits !== undefined && credits >= 1;

  useEffect(() => {
    if (!ready || blocking || list.isPlaceholderData || !list.data || page >= pages || guard.getSnapshot().warning)
      return;
    void queryClient.prefetchQuery(angelInvestorsQueryOptions(filters, page + 1, guard));
  }, [ready, blocking, list.data, list.isPlaceholderData, page, pages, filters, guard, queryClient]);

  function applyFilters(next: Partial<AngelFilters>) {
    setView({ ...filters, ...next }, 1);
  }
  function clearAll() {
    setSearchDraft('');
    applyFilters(EMPTY_ANGEL_FILTERS);
  }
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter always runs the search and returns to page 1 (spec §4).
    if (e.key === 'Enter') applyFilters({ search: searchDraft.trim() });
  };

  const change = (c: SelectionChange, count: number, kind: 'single' | 'page') =>
    applyGuardedSelection(guard, setSelected, c, count, kind);

  function togglePage() {
    const c = toggleAll(selected, pageIds);
    if (!change(c, pageIds.length, 'page')) return;
    toast(
      c.deselected
        ? { title: 'Deselected Page', description: `${investors(c.removed)} removed from your selection.` }
        : { title: 'Selected Page', description: `${investors(c.added)} added to your selection.` },
    );
  }

  async function selectAllFiltered() {
    setSelectingAll(true);
    try {
      const ids = await fetchAllAngelIds(filters, guard);
      const c = toggleAll(selected, ids);
      setSelected(c.next);
      toast(
        c.deselected
          ? { title: 'Deselected All Filtered', description: `${investors(c.removed)} removed from your selection.` }
          : { title: 'Selected All Filtered', description: `${investors(ids.length)} selected.` },
      );
    } catch (err) {
      const message = (err as Error).message;
      toast({
        title: 'Selection Failed',
        description:
          message === NO_TOKEN
            ? 'Authentication required. Please sign in again.'
            : message || 'Failed to select investors. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSelectingAll(false);
    }
  }

  const spend = useSpendConfirmation();
  async function onExport() {
    if (selected.size === 0) {
      toast({
        title: 'No Angel Investors Selected',
        description: 'Please select at least one angel investor to export',
        variant: 'destructive',
      });
      return;
    }
    if (!canAfford) {
      toast({
        title: 'Insufficient Credits',
        description: 'You need at least 1 credit to export data.',
        variant: 'destructive',
      });
      return;
    }
    const count = selected.size;
    // The export is charged one credit: asked first, with the server's balance (issue 24).
    if (!(await spend.confirm(1, `Export ${fmt(count)} angel ${count === 1 ? 'investor' : 'investors'} to CSV`)))
      return;
    setExporting(true);
    try {
      await exportAngels([...selected]);
      setSelected(new Set());
      setExported(count);
      toast({
        title: 'Export Successful!',
        description: `Downloaded ${fmt(count)} angel investors data.`,
        variant: 'success',
        duration: 5000,
      });
    } catch (err) {
      const message = (err as Error).message;
      toast({
        title: 'Export Failed',
        description:
          message === NO_TOKEN
            ? 'Authentication required. Please sign in again.'
            : message || 'Failed to export investor data. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    }
  }

  const locationOptions = useMemo(() => options.data?.countries ?? [], [options.data]);
  const chips = useMemo(() => locationChips(locationOptions, filters.countries), [locationOptions, filters.countries]);
  const investmentChip = rangeChipLabel(filters.investmentMin, filters.investmentMax, 'Investments');
  const exitChip = rangeChipLabel(filters.exitMin, filters.exitMax, 'Exits');
  const anyFilter = hasAngelFilters(filters) || searchDraft.trim() !== '';

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Angel Investors"
        description="Search 43,000+ angel investors, select the ones that fit your startup and export their contacts. Each export costs 1 credit."
        className="mb-0"
      />

      {exported !== null ? (
        <div
          role="status"
          data-testid="export-success"
          className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <p className="flex-1">
            <span className="font-medium">Successfully exported {fmt(exported)} angel investors!</span>{' '}
            {/* Only with a configured BOOK_CALL_URL: there is no default page to send founders to. */}
            {config.bookCallUrl ? (
              <>
                Want us to reach out to them for you?{' '}
                <a
                  href={config.bookCallUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  book a call
                </a>
              </>
            ) : null}
          </p>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => setExported(null)}
            className="-m-1 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <DemoDataNotice kind="angels" />
      <ActivityBanner guard={guard} />

      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search angel investors"
              placeholder="Search by name, location, industry… press Enter"
              value={searchDraft}
              onChange={(e) => setSearchDraft(e.target.value)}
              onKeyDown={onSearchKey}
              className="pl-9"
            />
          </div>
          <LocationFilter
            options={locationOptions}
            value={filters.countries}
            onChange={(countries) => applyFilters({ countries })}
          />
          {anyFilter ? (
            <Button variant="ghost" onClick={clearAll}>
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
          <Button variant="outline" size="sm" onClick={togglePage} disabled={!rows.length}>
            {pageAllSelected ? 'Deselect Page' : `Select Page (${fmt(rows.length)})`}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void selectAllFiltered()}
            disabled={!total || selectingAll}
            loading={selectingAll}
          >
            {selectingAll ? null : <ListChecks className="size-4" aria-hidden="true" />}
            Select All Filtered ({fmt(total)})
          </Button>
          {list.isFetching && list.data ? (
            <Spinner size="sm" label="Updating results" className="ml-auto text-muted-foreground" />
          ) : null}
        </div>
      </Card>
      <SavedSearchesBar kind="angel" query={savedQuery(searchFromAngelFilters(filters, 1))} />

      {selected.size > 0 ? (
        <div
          data-testid="selection-bar"
          className="sticky top-2 z-30 flex flex-col gap-3 rounded-xl border border-primary/30 bg-popover/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:px-4"
        >
          <p className="font-medium" aria-live="polite">
            {fmt(selected.size)} investor(s) selected
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())} disabled={exporting}>
              Clear Selection
            </Button>
            <AddToPipelineButton investorIds={[...selected]} investorKind="angel" />
            {credits !== undefined && credits < 1 ? (
              <Link to="/pricing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Get More Credits
              </Link>
            ) : null}
            <Button
              size="sm"
              onClick={() => void onExport()}
              disabled={exporting || selected.size === 0 || !canAfford}
              loading={exporting}
            >
              {exporting ? null : <Download className="size-4" aria-hidden="true" />}
              {exporting ? 'Exporting...' : 'Export to CSV (1 credit)'}
            </Button>
          </div>
        </div>
      ) : null}

      {list.isPending ? (
        <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
          <Spinner size="sm" label="" />
          Loading investors...
        </p>
      ) : list.isError && !list.data ? (
        <EmptyState
          icon={<Users />}
          title="Could not load angel investors"
          description={isRateLimitError(list.error) ? list.error.message : (list.error as Error).message}
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title="No angel investors found"
          description="Try adjusting your search criteria or filters"
          action={
            <Button variant="outline" onClick={clearAll}>
              Clear All Filters
            </Button>
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="investor-results">
            {rows.map((inv) => (
              <InvestorRow
                key={inv.id}
                investor={inv}
                selected={selected.has(inv.id)}
                onToggle={() => change(toggleOne(selected, inv.id), 1, 'single')}
                onDetails={() => setDetails(inv)}
              />
            ))}
          </ul>
          <Pagination
            page={list.data?.page ?? page}
            pageSize={ANGEL_PAGE_SIZE}
            total={total}
            itemLabel="angel investors"
            onPageChange={setPage}
            hideWhenSinglePage
          />
        </>
      )}

      <InvestorDialog investor={details} onClose={() => setDetails(null)} />
      {spend.dialog}
    </div>
  );
}
