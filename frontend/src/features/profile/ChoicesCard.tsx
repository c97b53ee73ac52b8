import type { StandingChoicesResponse, UpdateStandingChoicesRequest } from '@fp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { LoadFailed, LoadingRows } from '../../ui/LoadFailed';
import { toast } from '../../ui/toast';
import { choicesKeys, choicesQueryOptions, saveChoices } from './choices-queries';

/**
 * A Settings card over the founder's standing choices (one server record, several cards): its title,
 * loading and failure states, and the form it renders once the choices are loaded.
 */
export function ChoicesCard({
  testId,
  icon,
  title,
  description,
  failed,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** The failure's title, e.g. "Failed to load your spending setting". */
  failed: string;
  children: (choices: StandingChoicesResponse) => ReactNode;
}) {
  const query = useQuery(choicesQueryOptions());
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            {icon} {title}
          </span>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows />
        ) : query.isError ? (
          <LoadFailed
            title={failed}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}

/** Saves a change of the standing choices: the server's answer replaces the cached record, a toast says so. */
export function useSaveChoices(saved: string, onError: (message: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateStandingChoicesRequest) => saveChoices(patch),
    onSuccess: (choices) => {
      qc.setQueryData(choicesKeys.all, choices);
      toast({ title: saved, variant: 'success' });
    },
    onError: (e) => onError(e instanceof Error && e.message ? e.message : 'Please try again.'),
  });
}
