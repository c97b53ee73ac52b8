import type { VcFirmWithFit } from '@fp/contracts';
import { sanitizeAumInput } from '@fp/contracts';
import { DemoDataNotice } from './DemoDataNotice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Building2, CheckSquare, FilterX, ListChecks, Search } from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { activityGuard, isRateLimitError, noActivityGuard } from '../../lib/activity-guard';
import { ApiError, NO_TOKEN } from '../../lib/api';
import { useIdentity } from '../../lib/identity';
import { Button, buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { EmptyState } from '../../ui/EmptyState';
import { Input } from '../../ui/Input';
import { MultiSelect } from '../../ui/MultiSelect';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { creditKeys, creditBalanceQueryOptions } from '../credits/queries';
import { profileCompletionQueryOptions, startupProfileQueryOptions } from '../profile/queries';
import { FIT_NEEDS_PROFILE, fitProfileComplete } from '@fp/contracts';
import { Select } from '../../ui/Select';
import { ActivityBanner } from './ActivityBanner';
import {
  EMPTY_VC_FILTERS,
  fetchAllVcIds,
  INVALID_RESPONSE,
  hasVcFilters,
  submitToVcs,
  VC_PAGE_SIZES,
  vcFilterOptionsQueryOptions,
  vcFirmsQueryOptions,
  type VcFilters,
  type VcVariant,
} from './vc-queries';
import { addAll, toggleAll, toggleOne, type SelectionChange } from './selection';
import { AddToPipelineButton } from '../pipeline/AddToPipelineButton';
import { SubmitBar } from './SubmitBar';
import { useSpendConfirmation } from '../credits/SpendConfirm';
import { ReviewFirmDialog, ReviewFirstButton, useAppliedFirms } from './ReviewFirmDialog';
import { submitProblem, type SubmitState } from './submit-checks';
import { VcFirmCard } from './VcFirmCard';
import { VcFirmDialog } from './VcFirmDialog';
import { applyGuardedSelection } from './guarded-selection';
import { submitResultMessage } from './submit-result';
import { filtersFromSearch, searchFromFilters, validateVcSearch } from './vc-search';
import { SavedSearchesBar } from '../saved-searches/SavedSearchesBar';
import { savedQuery } from '../saved-searches/queries';

const TEXT = {
  vc: {
    title: 'VC Database',
    description: 'Find venture capital firms that fit your startup and apply to them in one go.',
    submitFailed: 'Failed to submit applications',
  },
  test: {
    title: 'Test VC Database',
    description: 'Try the submission flow safely: these test firms’ websites are local sandbox sites.',
    submitFailed: 'Failed to submit test applications',
  },
} as const;

const fmt = (n: number) => n.toLocaleString('en-US');
const FIT_MIN_OPTIONS = [
  { value: '', label: 'Any' },
  ...[40, 50, 60, 70, 80].map((n) => ({ value: String(n), label: String(n) })),
];

/** The VC database and the Test VC database (spec §2, §4, §5): one screen, two variants. */
export function VcDatabaseScreen({ variant }: { variant: VcVariant }) {
  const identity = useIdentity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const guard = variant === 'vc' ? activityGuard : noActivityGuard;
  const pageSize = VC_PAGE_SIZES[variant];
  const ready = identity.loaded && identity.signedIn;

  // Query, filters and page live in the URL (validated by the route's validateSearch).
  // `strict: false` gives the address as parsed, not as validated: validated here again (idempotent).
  const raw = useSearch({ strict: false });
  const search = useMemo(() => validateVcSearch(raw), [raw]);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const page = search.page ?? 1;
  const setView = (f: VcFilters, p: number) => void navigate({ to: '.', search: searchFromFilters(f, p) });
  const setPage = (p: number) => setView(filters, p);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  const [aumDraft, setAumDraft] = useState({ min: filters.aumMin, max: filters.aumMax });
  // Back/forward or a shared link changes the URL: the inputs follow it.
  useEffect(() => {
    setSearchDraft(filters.search);
    setAumDraft({ min: filters.aumMin, max: filters.aumMax });
  }, [filters.search, filters.aumMin, filters.aumMax]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [details, setDetails] = useState<VcFirmWithFit | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  // "Review first" (issue 23): one selected firm the founder has never applied to, shown on this page.
  const [reviewing, setReviewing] = useState<{ id: string; name: string } | null>(null);

  // Fit for the founder's startup (rules in contracts, scored by the server): best fit is the
  // default order once the profile names stage and industry; before that the list is by name and
  // the fit controls say what is missing. The list waits for the profile to know its order.
  const profile = useQuery({ ...startupProfileQueryOptions(), enabled: ready });
  const fitReady = fitProfileComplete(profile.data?.profile);
  const query: VcFilters = fitReady
    ? { ...filters, sort: filters.sort || 'fit' }
    : { ...filters, sort: 'name', fitMin: '' };
  const list = useQuery({ ...vcFirmsQueryOptions(variant, query, page, guard), enabled: ready && !profile.isPending });
  const options = useQuery({ ...vcFilterOptionsQueryOptions(variant), enabled: ready });
  const balance = useQuery({ ...creditBalanceQueryOptions(), enabled: ready });
  const completion = useQuery({ ...profileCompletionQueryOptions(), enabled: ready });

  const firms = list.data?.firms ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const applied = useAppliedFirms(variant, ready && selected.size === 1);
  const only = selected.size === 1 ? firms.find((f) => selected.has(f.id)) : undefined;
  const canReview = !!only && !!applied.data && !applied.data.has(only.id);

  // The next page is fetched ahead while the guard is calm, so Next shows it at once.
  useEffect(() => {
    if (!ready || list.isPlaceholderData || !list.data || page >= pages || guard.getSnapshot().warning) return;
    void queryClient.prefetchQuery(vcFirmsQueryOptions(variant, query, page + 1, guard));
  }, [ready, list.data, list.isPlaceholderData, page, pages, query, variant, guard, queryClient]);

  function applyFilters(next: Partial<VcFilters>) {
    setView({ ...filters, ...next }, 1);
  }
  function applyAum() {
    if (aumDraft.min !== filters.aumMin || aumDraft.max !== filters.aumMax)
      applyFilters({ aumMin: aumDraft.min, aumMax: aumDraft.max });
  }
  function clearFilters() {
    setSearchDraft('');
    setAumDraft({ min: '', max: '' });
    // The order is not a filter: it stays.
    applyFilters({ ...EMPTY_VC_FILTERS, sort: filters.sort });
  }

  const change = (c: SelectionChange, count: number, kind: 'single' | 'page') =>
    applyGuardedSelection(guard, setSelected, c, count, kind);

  function selectPage() {
    const ids = firms.map((f) => f.id);
    const c = addAll(selected, ids);
    if (change(c, ids.length, 'page'))
      toast({
        title: 'Selected Page',
        description: `${fmt(c.added)} ${c.added === 1 ? 'firm' : 'firms'} added to your selection.`,
      });
  }

  async function selectAllFiltered() {
    setSelectingAll(true);
    try {
      const ids = await fetchAllVcIds(variant, query, guard);
      if (ids.length === 0) {
        toast({
          title: 'No Results',
          description: 'No VCs match the current filters. Try adjusting your search criteria.',
        });
        return;
      }
      const c = toggleAll(selected, ids);
      setSelected(c.next);
      toast(
        c.deselected
          ? {
              title: 'Deselected All Filtered',
              description: `${fmt(c.removed)} ${c.removed === 1 ? 'firm' : 'firms'} removed from your selection.`,
            }
          : {
              title: 'Selected All Filtered',
              description: `${fmt(ids.length)} ${ids.length === 1 ? 'firm' : 'firms'} selected.`,
            },
      );
    } catch (err) {
      const message = (err as Error).message;
      // The server's own 400 (too many matches), the local rate limit and a bad answer say why;
      // anything else gets the generic message.
      const explained =
        message === INVALID_RESPONSE || isRateLimitError(err) || (err instanceof ApiError && err.status === 400);
      const description =
        message === NO_TOKEN
          ? 'Authentication required. Please sign in again.'
          : explained
            ? message
            : 'Failed to select all filtered VCs';
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setSelectingAll(false);
    }
  }

  const submitState: SubmitState = {
    signedIn: identity.signedIn,
    selected: selected.size,
    profileComplete: completion.data?.isComplete,
    balance: balance.data,
    test: variant === 'test',
  };

  const spend = useSpendConfirmation();
  const submit = useMutation({
    mutationFn: (ids: string[]) => submitToVcs(variant, ids, crypto.randomUUID()),
    onSuccess: (r) => {
      setSelected(new Set());
      setReviewing(null);
      const { sent, description } = submitResultMessage(r);
      toast({
        title:
          sent === 0
            ? 'No Applications Submitted'
            : variant === 'test'
              ? 'Test Applications Submitted'
              : 'Applications Submitted',
        description,
        variant: sent === 0 ? 'default' : 'success',
        action:
          sent === 0 ? undefined : (
            <Link to="/submissions" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              View Submissions
            </Link>
          ),
      });
    },
    onError: (err) =>
      toast({
        title: 'Submission Failed',
        description: (err as Error).message || TEXT[variant].submitFailed,
        variant: 'destructive',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
      void queryClient.invalidateQueries({ queryKey: ['submission-stats'] });
    },
  });

  async function onSubmit() {
    const problem = submitProblem(submitState);
    if (problem) {
      toast({
        title: problem.title,
        description: problem.description,
        variant: 'destructive',
        action:
          problem.go === '/credits' ? (
            <Link to="/credits" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Buy Credits
            </Link>
          ) : undefined,
      });
      if (problem.go === '/settings') void navigate({ to: '/settings' });
      return;
    }
    // Ask before spending (issue 24): the cost and the server's balance after; Cancel spends nothing.
    const ids = [...selected];
    const what = `${ids.length.toLocaleString('en-US')} ${variant === 'test' ? 'test ' : ''}${ids.length === 1 ? 'application' : 'applications'}, one credit each`;
    if (!(await spend.confirm(ids.length, what))) return;
    submit.mutate(ids);
  }

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && searchDraft.trim() !== filters.search) applyFilters({ search: searchDraft.trim() });
  };
  const onAumKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') applyAum();
  };
  const countryOptions = useMemo(() => options.data?.locations ?? [], [options.data]);
  const typeOptions = useMemo(() => options.data?.investorTypes ?? [], [options.data]);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={TEXT[variant].title}
        description={TEXT[variant].description}
        className="mb-0"
        actions={
          variant === 'test' ? (
            <Link to="/vc-database" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Go to the VC Database
            </Link>
          ) : undefined
        }
      />
      {variant === 'vc' ? <DemoDataNotice kind="vc" /> : null}
      {variant === 'vc' ? <ActivityBanner guard={guard} /> : null}

      <Card className="p-4 sm:p-5">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="relative sm:col-span-2">
            <Search
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search firms"
              placeholder="Search firms, press Enter"
              value={searchDraft}
              onChange={(e) => setSearchDraft(e.target.value)}
              onKeyDown={onSearchKey}
              className="pl-9"
            />
          </div>
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
              placeholder="Max"
              inputMode="decimal"
              value={aumDraft.max}
              onChange={(e) => setAumDraft((d) => ({ ...d, max: sanitizeAumInput(e.target.value) }))}
              onBlur={applyAum}
              onKeyDown={onAumKey}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center">
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-muted-foreground sm:flex-row sm:items-center sm:gap-2">
              <span className="whitespace-nowrap">Sort by</span>
              <Select
                className="sm:w-36"
                aria-label="Sort by"
                options={[
                  { value: 'fit', label: 'Best fit', disabled: !fitReady },
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
                disabled={!fitReady}
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
            <Button variant="outline" size="sm" onClick={selectPage} disabled={!firms.length}>
              <CheckSquare className="size-4" aria-hidden="true" />
              Select Page
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
            <Button
              variant="ghost"
              size="sm"
              onClick={clearFilters}
              disabled={!hasVcFilters(filters) && !searchDraft && !aumDraft.min && !aumDraft.max}
            >
              <FilterX className="size-4" aria-hidden="true" />
              Clear Filters
            </Button>
            <span className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
              {list.isFetching && list.data ? <Spinner size="sm" label="Updating results" /> : null}
              {selected.size ? `${fmt(selected.size)} selected` : null}
            </span>
          </div>
        </div>
        {ready && profile.isSuccess && !fitReady ? (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="fit-hint">
            {FIT_NEEDS_PROFILE}.{' '}
            <Link to="/settings" className="font-medium text-primary hover:underline">
              Open Settings
            </Link>
          </p>
        ) : null}
      </Card>
      {variant === 'vc' ? <SavedSearchesBar kind="vc" query={savedQuery(searchFromFilters(filters, 1))} /> : null}

      {list.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : list.isError && !list.data ? (
        <EmptyState
          icon={<Building2 />}
          title="Could not load VC firms"
          description={(list.error as Error).message}
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : firms.length === 0 ? (
        <EmptyState
          icon={<Building2 />}
          title="No VC firms found"
          description="Try adjusting your search criteria or filters."
          action={
            hasVcFilters(filters) ? (
              <Button variant="outline" onClick={clearFilters}>
                Clear Filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="vc-results">
            {firms.map((firm) => (
              <VcFirmCard
                key={firm.id}
                firm={firm}
                selected={selected.has(firm.id)}
                fit={firm.fit}
                onToggle={() => change(toggleOne(selected, firm.id), 1, 'single')}
                onDetails={() => setDetails(firm)}
              />
            ))}
          </div>
          <Pagination
            page={list.data?.page ?? page}
            pageSize={pageSize}
            total={total}
            itemLabel="firms"
            onPageChange={setPage}
          />
        </>
      )}

      <SubmitBar
        state={submitState}
        submitting={submit.isPending}
        onSubmit={() => void onSubmit()}
        onClear={() => setSelected(new Set())}
        actions={
          <>
            {canReview && only ? (
              <ReviewFirstButton onClick={() => setReviewing({ id: only.id, name: only.vcName })} />
            ) : null}
            <AddToPipelineButton investorIds={[...selected]} investorKind="vc" size="md" />
          </>
        }
      />
      <ReviewFirmDialog
        firm={reviewing}
        variant={variant}
        onOpenChange={(o) => !o && setReviewing(null)}
        onSubmit={() => void onSubmit()}
        submitting={submit.isPending}
      />
      {spend.dialog}
      <VcFirmDialog firm={details} onClose={() => setDetails(null)} />
    </div>
  );
}
