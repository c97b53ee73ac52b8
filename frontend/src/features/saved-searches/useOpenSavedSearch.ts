import type { SavedSearch } from '@fp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../ui';
import { matchLabel, openSavedSearch, savedSearchKeys, SCREEN } from './queries';

/**
 * Opening a saved search (the chips and the dashboard card): records the opening, shows the search
 * on its database screen, and with `announce` tells how many were new.
 */
export function useOpenSavedSearch({ announce }: { announce: boolean }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) => openSavedSearch(id),
    onSuccess: (s: SavedSearch) => {
      void navigate({ to: SCREEN[s.kind], search: s.query as never });
      if (announce && s.newMatches > 0)
        toast({
          title: s.name,
          description: `${matchLabel(s)} since you last looked, of ${s.total.toLocaleString('en-US')} matching.`,
          duration: 4000,
        });
    },
    onError: (e: Error) =>
      toast({ title: 'Could not open the saved search', description: e.message, variant: 'destructive' }),
    onSettled: () => qc.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
