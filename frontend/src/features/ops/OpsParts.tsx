import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../ui/Card';
import { isForbidden } from '../../lib/api';

export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
export const count = (n: number) => n.toLocaleString('en-US');

/** 403 from the server: who may open this screen; any other failure: its message. */
export function LoadError({ error, who, what }: { error: Error; who: string; what: string }): ReactNode {
  if (isForbidden(error)) {
    return (
      <Card className="border-destructive/40">
        <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <Lock className="size-6 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">
            Only {who} can open {what}
          </h2>
          <p className="text-xs text-muted-foreground">Server response: {error.message}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <p role="alert" className="text-sm text-destructive">
      Error loading {what}: {error.message}
    </p>
  );
}
