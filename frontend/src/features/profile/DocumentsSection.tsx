import { FOUNDER_DOCUMENT_KINDS, type FounderDocumentKind } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, FileText, FolderOpen, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { LoadFailed, LoadingRows } from '../../ui/LoadFailed';
import { Progress } from '../../ui/Progress';
import { toast } from '../../ui/toast';
import { formatBytes, formatDateTime } from '../../lib/format';
import { deckFileProblem } from './deck-queries';
import { documentsQueryOptions, downloadDocument, useRemoveDocument, useUploadDocument } from './document-queries';

const KINDS = Object.keys(FOUNDER_DOCUMENT_KINDS) as FounderDocumentKind[];

/**
 * Settings → Documents: the founder's PDFs besides the deck (a CV, a financial model…), one per kind.
 * The automation attaches each only to an upload whose question asks for that kind; any other upload is
 * asked for, or left empty when optional.
 */
export function DocumentsSection() {
  const query = useQuery(documentsQueryOptions());
  const input = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState<FounderDocumentKind | null>(null);
  const [progress, setProgress] = useState<{ kind: FounderDocumentKind; share: number } | null>(null);
  const [error, setError] = useState<{ kind: FounderDocumentKind; message: string } | null>(null);
  const upload = useUploadDocument((kind, share) => setProgress({ kind, share }));
  const remove = useRemoveDocument();
  const held = new Map((query.data?.documents ?? []).map((d) => [d.kind, d]));

  function choose(kind: FounderDocumentKind) {
    setChoosing(kind);
    input.current?.click();
  }
  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    const kind = choosing;
    if (!file || !kind) return;
    setError(null);
    const problem = deckFileProblem(file, 'document');
    if (problem) return setError({ kind, message: problem });
    setProgress({ kind, share: 0 });
    try {
      await upload.mutateAsync({ kind, file });
      toast({
        title: `${FOUNDER_DOCUMENT_KINDS[kind].label} added`,
        description: `${file.name} goes only where a form asks for your ${FOUNDER_DOCUMENT_KINDS[kind].noun}.`,
        variant: 'success',
      });
    } catch (err) {
      setError({ kind, message: (err as Error).message || 'The upload failed. Please try again.' });
    } finally {
      setProgress(null);
    }
  }
  async function onRemove(kind: FounderDocumentKind) {
    setError(null);
    try {
      await remove.mutateAsync(kind);
      toast({
        title: `${FOUNDER_DOCUMENT_KINDS[kind].label} removed`,
        description: `Forms that require your ${FOUNDER_DOCUMENT_KINDS[kind].noun} will fail until you add one.`,
      });
    } catch (err) {
      setError({ kind, message: (err as Error).message || 'The document could not be removed.' });
    }
  }
  async function onDownload(kind: FounderDocumentKind, fileName: string) {
    try {
      await downloadDocument(kind, fileName);
    } catch (err) {
      setError({ kind, message: (err as Error).message || 'The download failed.' });
    }
  }

  return (
    <Card data-testid="documents" aria-labelledby="documents-title">
      <CardHeader>
        <CardTitle id="documents-title" className="flex items-center gap-2 text-lg">
          <FolderOpen className="size-5 text-primary" aria-hidden="true" /> Documents
        </CardTitle>
        <CardDescription>
          Other PDFs a firm’s form may ask for. Each is attached only where a form asks for that document — never in
          place of another. PDF only, at most 25 MB each.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="document-input"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {query.isPending ? (
          <LoadingRows rows={2} className="h-14" />
        ) : query.isError && !query.data ? (
          <LoadFailed
            title="Your documents could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {KINDS.map((kind) => {
              const doc = held.get(kind);
              const { label, hint } = FOUNDER_DOCUMENT_KINDS[kind];
              const busy = progress?.kind === kind;
              return (
                <li key={kind} className="flex flex-col gap-2 p-3" data-testid={`document-${kind}`}>
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                    <div className="flex min-w-0 items-start gap-3">
                      <div
                        className={`flex size-9 shrink-0 items-center justify-center rounded-md ${doc ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground'}`}
                      >
                        <FileText className="size-4" aria-hidden="true" />
                      </div>
                      <div className="min-w-0">
                        <p className="font-medium">{label}</p>
                        {doc ? (
                          <p className="truncate text-xs text-muted-foreground" title={doc.fileName}>
                            {doc.fileName} · {formatBytes(doc.size)} · added {formatDateTime(doc.uploadedAt)}
                          </p>
                        ) : (
                          <p className="text-xs text-muted-foreground">Not added · {hint}</p>
                        )}
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {doc ? (
                        <>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => void onDownload(kind, doc.fileName)}
                            aria-label={`Download your ${FOUNDER_DOCUMENT_KINDS[kind].noun}`}
                          >
                            <Download aria-hidden="true" /> Download
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => choose(kind)}
                            disabled={!!progress || remove.isPending}
                            aria-label={`Replace your ${FOUNDER_DOCUMENT_KINDS[kind].noun}`}
                          >
                            <Upload aria-hidden="true" /> Replace
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-destructive"
                            onClick={() => void onRemove(kind)}
                            loading={remove.isPending && remove.variables === kind}
                            disabled={!!progress}
                            aria-label={`Remove your ${FOUNDER_DOCUMENT_KINDS[kind].noun}`}
                          >
                            <Trash2 aria-hidden="true" /> Remove
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => choose(kind)}
                          disabled={!!progress}
                          aria-label={`Add your ${FOUNDER_DOCUMENT_KINDS[kind].noun} (PDF)`}
                        >
                          <Upload aria-hidden="true" /> Add PDF
                        </Button>
                      )}
                    </div>
                  </div>
                  {busy ? (
                    <div className="flex flex-col gap-1" aria-live="polite">
                      <div className="flex justify-between text-xs text-muted-foreground">
                        <span>{progress!.share < 1 ? 'Uploading…' : 'Checking the file…'}</span>
                        <span>{Math.round(progress!.share * 100)}%</span>
                      </div>
                      <Progress value={progress!.share * 100} label={`${label} upload`} />
                    </div>
                  ) : null}
                  {error?.kind === kind ? (
                    <p
                      role="alert"
                      className="flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-2 text-sm text-destructive"
                      data-testid="document-error"
                    >
                      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> {error.message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
