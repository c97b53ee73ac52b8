import { Link } from '@tanstack/react-router';
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useRef, useState, type JSX } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AuthLayout } from '../accounts';
import { readOptOut, undoUnsubscribe, unsubscribe } from './unsubscribe-queries';

type View =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  /** `changed`: what the founder just did on this page (null: the state as the link found it). */
  | {
      kind: 'ready';
      email: string;
      unsubscribed: boolean;
      changed: 'unsubscribed' | 'undone' | null;
      listName: string | null;
    };

/**
 * /unsubscribe?token=… — the link in every notification e-mail. No sign-in: the signed token names
 * the address. One click unsubscribes, the page confirms it, and Undo takes it back.
 */
export function UnsubscribePage(): JSX.Element {
  const token = useRef(new URLSearchParams(window.location.search).get('token') ?? '').current;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!token) return setView({ kind: 'invalid', message: 'This unsubscribe link is not valid' });
    readOptOut(token)
      .then((s) =>
        setView({
          kind: 'ready',
          email: s.email,
          unsubscribed: s.unsubscribed,
          changed: null,
          listName: s.list ? s.listName || 'this founder' : null,
        }),
      )
      .catch((err: Error) => setView({ kind: 'invalid', message: err.message }));
  }, [token]);

  // After each change the next action (Undo, or Unsubscribe again) takes the focus: Enter does it.
  const changed = view.kind === 'ready' ? view.changed : null;
  useEffect(() => {
    if (changed) action.current?.focus();
  }, [changed]);

  const run = async (unsub: boolean) => {
    if (view.kind !== 'ready') return;
    setBusy(true);
    setError(null);
    try {
      await (unsub ? unsubscribe(token) : undoUnsubscribe(token));
      setView({ ...view, unsubscribed: unsub, changed: unsub ? 'unsubscribed' : 'undone' });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <div className="flex flex-col items-center gap-4 text-center">
        {view.kind === 'loading' && (
          <>
            <h1 className="text-2xl font-bold tracking-tight">Notification e-mails</h1>
            <Spinner label="Checking your link" />
          </>
        )}
        {view.kind === 'invalid' && (
          <>
            <h1 className="text-2xl font-bold tracking-tight">Notification e-mails</h1>
            <p role="alert" className="text-sm text-destructive">
              {view.message}
            </p>
            <p className="text-sm text-muted-foreground">
              Use the link from the newest e-mail, or sign in to FundFlow.
            </p>
          </>
        )}
        {view.kind === 'ready' && (
          <>
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
            >
              {view.unsubscribed ? <BellOff className="size-6" /> : <BellRing className="size-6" />}
            </span>
            <h1 className="text-2xl font-bold tracking-tight">
              {view.unsubscribed
                ? 'You are unsubscribed'
                : view.listName
                  ? `Unsubscribe from ${view.listName}'s investor updates?`
                  : 'Unsubscribe from notification e-mails?'}
            </h1>
            {view.listName ? (
              // A founder's investor updates: the opt-out covers that founder's updates only.
              <div role="status" className="flex flex-col gap-2 text-sm text-muted-foreground">
                {view.unsubscribed ? (
                  <p>
                    <strong className="break-words text-foreground">{view.email}</strong> will get no more investor
                    updates from {view.listName}.
                  </p>
                ) : view.changed === 'undone' ? (
                  <p>
                    Done: {view.listName}'s investor updates to{' '}
                    <strong className="break-words text-foreground">{view.email}</strong> are on again.
                  </p>
                ) : (
                  <p>
                    Stop {view.listName}'s investor updates to{' '}
                    <strong className="break-words text-foreground">{view.email}</strong>.
                  </p>
                )}
                <p>Updates from other founders are not affected.</p>
              </div>
            ) : (
              <div role="status" className="flex flex-col gap-2 text-sm text-muted-foreground">
                {view.unsubscribed ? (
                  <p>
                    <strong className="break-words text-foreground">{view.email}</strong> will get no more notification
                    e-mails from FundFlow (finished applications, answers and sign-ins a run needs, follow-up reminders,
                    saved-search matches).
                  </p>
                ) : view.changed === 'undone' ? (
                  <p>
                    Done: notification e-mails to <strong className="break-words text-foreground">{view.email}</strong>{' '}
                    are on again.
                  </p>
                ) : (
                  <p>
                    Stop notification e-mails to <strong className="break-words text-foreground">{view.email}</strong>:
                    finished applications, answers and sign-ins a run needs, follow-up reminders and saved-search
                    matches.
                  </p>
                )}
                <p>Account e-mails (address verification, password resets, receipts) always arrive.</p>
              </div>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            {view.unsubscribed ? (
              <Button
                ref={action}
                variant="outline"
                loading={busy}
                onClick={() => void run(false)}
                className="w-full sm:w-auto"
              >
                Undo
              </Button>
            ) : (
              <Button ref={action} loading={busy} onClick={() => void run(true)} className="w-full sm:w-auto">
                Unsubscribe
              </Button>
            )}
          </>
        )}
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Go to FundFlow
        </Link>
      </div>
    </AuthLayout>
  );
}
