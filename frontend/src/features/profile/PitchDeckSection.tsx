import type { PitchDeckHistoryEntry } from '@fp/contracts';
import { AlertTriangle, Download, FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadFailed } from '../../ui/LoadFailed';
import { Progress } from '../../ui/Progress';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatDateTime } from '../../lib/format';
import {
  deckFileProblem,
  downloadPitchDeck,
  pitchDeckQueryOptions,
  useRemovePitchDeck,
  useUploadPitchDeck,
} from './deck-queries';

const ACTION_LABEL: Record<PitchDeckHistoryEntry['action'], string> = {
  uploaded: 'Uploaded',
  replaced: 'Replaced',
  removed: 'Removed',
};

/**
 * Settings → Pitch deck: one current PDF (attached by the automation wherever a firm's form asks for
 * a deck file), upload with progress, download, replace, remove, and the history.
 */
export function PitchDeckSection() {
  const query = useQuery(pitchDeckQueryOptions());
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPitchDeck((share) => setProgress(share));
  const remove = useRemovePitchDeck();
  const deck = query.data?.current ?? null;
  const history = query.data?.history ?? [];

  const choose = () => input.current?.click();
  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    const problem = deckFileProblem(file);
    if (problem) return setError(problem);
    setProgress(0);
    try {
      await upload.mutateAsync(file);
      toast({
        title: 'Pitch deck uploaded',
        description: `${file.name} will be attached to your applications.`,
        variant: 'success',
      });
    } catch (err) {
      setError((err as Error).message || 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
    }
  }
  async function onRemove() {
    setError(null);
    try {
      await remove.mutateAsync();
      toast({
        title: 'Pitch deck removed',
        description: 'Forms that require a deck file will fail until you upload one.',
      });
    } catch (err) {
      setError((err as Error).message || 'The deck could not be removed.');
    }
  }
  async function onDownload() {
    try {
      await downloadPitchDeck(deck?.fileName ?? 'pitch-deck.pdf');
    } catch (err) {
      setError((err as Error).message || 'The download failed.');
    }
  }

  const uploading = progress !== null;
  return (
    <Card data-testid="pitch-deck" aria-labelledby="pitch-deck-title">
      <CardHeader>
        <CardTitle id="pitch-deck-title" className="flex items-center gap-2 text-lg">
          <FileText className="size-5 text-primary" aria-hidden="true" /> Pitch deck
        </CardTitle>
        <CardDescription>
          The PDF attached to your applications wherever a firm’s form asks for a deck file. PDF only, at most 25 MB.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="pitch-deck-input"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />

        {query.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : query.isError && !query.data ? (
          <LoadFailed
            title="Your pitch deck could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : deck ? (
          <div
            className="flex flex-col gap-3 rounded-lg border border-border bg-muted/30 p-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="pitch-deck-current"
          >
            <div className="flex min-w-0 items-start gap-3">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <FileText className="size-5" aria-hidden="true" />
              </div>
              <div className="min-w-0">
                <p className="truncate font-medium" title={deck.fileName}>
                  {deck.fileName}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatBytes(deck.size)} · uploaded {formatDateTime(deck.uploadedAt)}
                </p>
                <p className="truncate font-mono text-[11px] text-muted-foreground" title={`SHA-256 ${deck.sha256}`}>
                  SHA-256 {deck.sha256.slice(0, 16)}…
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => void onDownload()}
                aria-label={`Download ${deck.fileName}`}
              >
                <Download aria-hidden="true" /> Download
              </Button>
              <Button size="sm" variant="secondary" onClick={choose} disabled={uploading || remove.isPending}>
                <Upload aria-hidden="true" /> Replace
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive"
                onClick={() => void onRemove()}
                loading={remove.isPending}
                disabled={uploading}
              >
                {remove.isPending ? null : <Trash2 aria-hidden="true" />} Remove
              </Button>
            </div>
          </div>
        ) : (
          <EmptyState
            className="py-8"
            icon={<FileText aria-hidden="true" />}
            title="No pitch deck yet"
            description="Forms that require a deck file can only be sent once you upload one."
            action={
              <Button onClick={choose} disabled={uploading}>
                <Upload aria-hidden="true" /> Upload PDF
              </Button>
            }
          />
        )}

        {uploading ? (
          <div className="flex flex-col gap-1.5" aria-live="polite" data-testid="pitch-deck-progress">
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>{progress! < 1 ? 'Uploading…' : 'Checking the file…'}</span>
              <span>{Math.round(progress! * 100)}%</span>
            </div>
            <Progress value={progress! * 100} label="Pitch deck upload" />
          </div>
        ) : null}

        {error ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
            data-testid="pitch-deck-error"
          >
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> {error}
          </p>
        ) : null}

        {history.length ? (
          <details className="text-sm" data-testid="pitch-deck-history" open={history.length <= 4}>
            <summary className="cursor-pointer text-muted-foreground">History ({history.length})</summary>
            <ol className="mt-2 flex flex-col divide-y divide-border rounded-lg border border-border">
              {history.map((h, i) => (
                <li
                  key={`${h.deckId}-${h.action}-${i}`}
                  className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <Badge variant={h.action === 'uploaded' ? 'secondary' : 'outline'}>{ACTION_LABEL[h.action]}</Badge>
                    <span className="truncate" title={h.fileName}>
                      {h.fileName}
                    </span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {formatBytes(h.size)} · {formatDateTime(h.at)} ·{' '}
                    <span className="font-mono" title={`SHA-256 ${h.sha256}`}>
                      {h.sha256.slice(0, 8)}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
