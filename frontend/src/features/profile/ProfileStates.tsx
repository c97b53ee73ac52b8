import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardHeader } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';

/** While the profile loads (spec §2). */
export function ProfileLoading() {
  return (
    <Card aria-busy="true" data-testid="profile-loading">
      <CardHeader>
        <h2 className="text-lg font-semibold tracking-tight">Loading Your Startup Profile</h2>
        <Skeleton className="h-4 w-2/3 max-w-md" />
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <Skeleton className="h-10 w-full max-w-md" />
        <div className="grid gap-5 md:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  );
}

/** When the profile fails to load (spec §2): the message, Try Again (refetch) and Refresh Page. */
export function ProfileLoadFailed({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const message = error instanceof Error && error.message ? error.message : 'Please try again or refresh the page.';
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-10 text-center sm:py-12">
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle className="size-6" aria-hidden="true" />
        </div>
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Failed to load startup profile</h2>
          <p className="max-w-md text-sm text-muted-foreground">{message}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onRetry} loading={retrying}>
            Try Again
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Refresh Page
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
