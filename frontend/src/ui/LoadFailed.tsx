import { AlertTriangle } from 'lucide-react';
import { Button } from './Button';
import { Skeleton } from './Skeleton';

/** A part of a screen whose data did not load: what failed, the server's words, and Try Again. */
export function LoadFailed({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const detail = error instanceof Error && error.message ? error.message : null;
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertTriangle className="size-4" aria-hidden="true" /> {title}
      </p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      <Button size="sm" variant="outline" loading={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function LoadingRows({ rows = 2, className = 'h-20' }: { rows?: number; className?: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={`w-full ${className}`} />
      ))}
    </div>
  );
}
