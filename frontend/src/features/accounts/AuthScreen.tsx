import { useNavigate } from '@tanstack/react-router';
import { useEffect, type JSX } from 'react';
import { LoadingScreen } from '../../app/LoadingScreen';
import { useIdentity } from '../../lib/identity';
import { SignInPage } from './SignInPage';

/** /auth and /sign-*: the sign-in form only; once signed in, go to /. */
export function AuthScreen(): JSX.Element {
  const { loaded, signedIn } = useIdentity();
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) void navigate({ to: '/', replace: true });
  }, [signedIn, navigate]);
  if (!loaded || signedIn) return <LoadingScreen />;
  return <SignInPage />;
}
