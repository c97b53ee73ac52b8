import type { SavedSearch, SavedSearchKind, SavedSearchQuery } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, BookmarkPlus, Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cn } from '../../lib/cn';
import { Button, Dialog, Field, Input, toast } from '../../ui';
import {
  createSavedSearch,
  deleteSavedSearch,
  matchLabel,
  renameSavedSearch,
  savedSearchesQueryOptions,
  savedSearchKeys,
} from './queries';
import { useOpenSavedSearch } from './useOpenSavedSearch';

export interface SavedSearchesBarProps {
  kind: SavedSearchKind;
  /** The screen's filters as the list API takes them (the URL's search without the page). */
  query: SavedSearchQuery;
}

/**
 * Saved searches of one database, under its filters: each opens with a click and shows how many
 * investors are new since it was last opened; "Save Search" keeps the filters on screen by name.
 */
export function SavedSearchesBar({ kind, query }: SavedSearchesBarProps) {
  const qc = useQueryClient();
  const list = useQuery(savedSearchesQueryOptions());
  const mine = (list.data ?? []).filter((s) => s.kind === kind);
  const [naming, setNaming] = useState<{ search: SavedSearch | null } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: savedSearchKeys.all });

  const open = useOpenSavedSearch({ announce: true });
  const remove = useMutation({
    mutationFn: (s: SavedSearch) => deleteSavedSearch(s.id),
    onSuccess: (_r, s) => toast({ title: 'Saved search deleted', description: s.name, duration: 3000 }),
    onError: (e: Error) =>
      toast({ title: 'Could not delete the saved search', description: e.message, variant: 'destructive' }),
    onSettled: refresh,
  });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="saved-searches">
      <Button variant="outline" size="sm" onClick={() => setNaming({ search: null })}>
        <BookmarkPlus className="size-4" aria-hidden="true" />
        Save Search
      </Button>
      {mine.map((s) => (
        <div
          key={s.id}
          data-testid="saved-search"
          className="flex items-center rounded-full border border-border bg-card text-xs"
        >
          <button
            type="button"
            onClick={() => open.mutate(s.id)}
            disabled={open.isPending}
            className="flex items-center gap-1.5 rounded-l-full py-1 pr-1.5 pl-3 font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Open saved search ${s.name} (${matchLabel(s)})`}
          >
            <Bookmark className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {s.name}
            <span
              className={cn(
                'rounded-full px-1.5 py-0.5 tabular-nums',
                s.newMatches > 0 ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {matchLabel(s)}
            </span>
          </button>
          <button
            type="button"
            onClick={() => setNaming({ search: s })}
            aria-label={`Rename saved search ${s.name}`}
            className="p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Pencil className="size-3" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => remove.mutate(s)}
            aria-label={`Delete saved search ${s.name}`}
            className="rounded-r-full p-1.5 pr-2 text-muted-foreground hover:bg-accent hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </div>
      ))}
      <NameDialog
        state={naming}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          const s = naming?.search
            ? await renameSavedSearch(naming.search.id, name)
            : await createSavedSearch({ name, kind, query });
          await refresh();
          toast({
            title: naming?.search ? 'Saved search renamed' : 'Search saved',
            description: `${s.name}: ${s.total.toLocaleString('en-US')} ${s.total === 1 ? 'match' : 'matches'} now. New ones will show here.`,
            variant: 'success',
            duration: 4000,
          });
        }}
      />
    </div>
  );
}

function NameDialog({
  state,
  onClose,
  onSave,
}: {
  state: { search: SavedSearch | null } | null;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<typeof state>(null);
  if (state !== shownFor) {
    // A new opening starts from the search's name (rename) or empty (save).
    setShownFor(state);
    setName(state?.search?.name ?? '');
    setError(null);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await onSave(name);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  const renaming = Boolean(state?.search);
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(o) => !o && onClose()}
      title={renaming ? 'Rename saved search' : 'Save this search'}
      description={
        renaming
          ? undefined
          : 'Keep these filters by name. Each time you come back, investors that newly match are counted.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="saved-search-name" loading={busy}>
            {renaming ? 'Rename' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="saved-search-name" onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
        <Field label="Name" error={error ?? undefined}>
          {(p) => (
            <Input
              {...p}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              placeholder="e.g. Seed funds in Germany"
              autoFocus
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
