import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUDITORS_READ_ONLY } from '@fp/contracts';
import { ApiError, isAuthFailure } from '../../lib/api';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../ui/toast';
import { creditKeys } from '../credits';
import { AUTH_ERROR_DESCRIPTION, AUTH_ERROR_TITLE, authKeys, syncUser, welcomeCreditsMessage } from './queries';

/** Once per signed-in page load: tell the server about the user; welcome new users. */
export function useUserSync(): void {
  const { signedIn, user } = useIdentity();
  const queryClient = useQueryClient();
  const syncedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn || !user || syncedFor.current === user.id) return;
    syncedFor.current = user.id;
    syncUser(user)
      .then(async (res) => {
        const balance = Number(res?.creditBalance);
        if (res?.isNewUser) {
          toast({
            title: 'Welcome to FundFlow!',
            description: welcomeCreditsMessage(Number.isFinite(balance) ? balance : 0),
            variant: 'success',
            duration: 5000,
          });
        }
        // The server's answer is the balance right after the sync (free credits included); a
        // balance read that started before it may be older, so it is cancelled, not awaited.
        if (Number.isFinite(balance)) {
          await queryClient.cancelQueries({ queryKey: creditKeys.balance() });
          queryClient.setQueryData(creditKeys.balance(), balance);
        }
        void queryClient.invalidateQueries({ queryKey: creditKeys.credits() });
        void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      })
      .catch((error: unknown) => {
        // Auditors are read-only: the server refuses their sync, and there is nothing to record.
        if (error instanceof ApiError && error.message === AUDITORS_READ_ONLY) return;
        console.error('User sync failed', error);
        if (isAuthFailure(error)) {
          toast({ title: AUTH_ERROR_TITLE, description: AUTH_ERROR_DESCRIPTION, variant: 'destructive' });
        }
      });
  }, [signedIn, user, queryClient]);
}
