import { API_ROUTES } from '@fp/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { AuthLayout } from './SignInPage';
import { postAccount } from './recovery-queries';

/** /verify-email?token=…: confirms the address from the e-mailed link. */
export function VerifyEmailPage() {
  const [state, setState] = useState<
    { kind: 'working' } | { kind: 'done'; already: boolean } | { kind: 'error'; message: string }
  >({ kind: 'working' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    postAccount<{ status: 'verified' | 'already' }>(API_ROUTES.verifyEmail, { token })
      .then((r) => setState({ kind: 'done', already: r.status === 'already' }))
      .catch((err: Error) => setState({ kind: 'error', message: err.message }));
  }, []);
  return (
    <AuthLayout>
      <div className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight">E-mail verification</h1>
        {state.kind === 'working' && <Spinner label="Verifying" />}
        {state.kind === 'done' && (
          <p role="status" className="text-sm text-muted-foreground">
            {state.already
              ? 'Your e-mail address was already verified.'
              : 'Your e-mail address is verified. Thank you!'}
          </p>
        )}
        {state.kind === 'error' && (
          <p role="alert" className="text-sm text-destructive">
            {state.message}
          </p>
        )}
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to FundFlow
        </Link>
      </div>
    </AuthLayout>
  );
}
