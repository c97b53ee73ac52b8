// What other features and the app shell use of accounts. Pages loaded by routes.ts stay out (they are lazy chunks).
export { AuthScreen } from './AuthScreen';
export { meQueryOptions } from './queries';
export { SignInForm } from './SignInForm';
export { AuthLayout, SignInPage } from './SignInPage';
export { useUserSync } from './useUserSync';
export { VerifyEmailBanner } from './VerifyEmailBanner';
