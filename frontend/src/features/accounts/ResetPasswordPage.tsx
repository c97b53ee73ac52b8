import { API_ROUTES } from '@fp/contracts';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { AuthLayout } from './SignInPage';
import { postAccount } from './recovery-queries';

/** /reset-password?token=…: choose a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password.length < 8) return setError('Password must be at least 8 characters');
    setBusy(true);
    try {
      await postAccount(API_ROUTES.passwordReset, { token, password });
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <div className="flex flex-col gap-5">
        <h1 className="text-center text-2xl font-bold tracking-tight">Choose a new password</h1>
        {done ? (
          <>
            <p role="status" className="text-center text-sm text-muted-foreground">
              Your password has been changed. Sign in with the new one.
            </p>
            <Link to="/auth" className="text-center font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
            {error && (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
              >
                {error}
              </p>
            )}
            <Field label="New password">
              {(p) => (
                <Input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" size="lg" className="w-full" loading={busy}>
              {busy ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
      </div>
    </AuthLayout>
  );
}
