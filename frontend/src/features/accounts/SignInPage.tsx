import type { ReactNode } from 'react';
import { BrandMark, PRODUCT_NAME, TAGLINE } from '../../app/Brand';
import { ThemeSwitcher } from '../../app/ThemeSwitcher';
import { Card } from '../../ui/Card';
import { SignInForm } from './SignInForm';

/** The only thing signed-out visitors see: brand + sign-in / sign-up card. */
export function SignInPage({ onSignedIn }: { onSignedIn?: () => void }) {
  return (
    <AuthLayout>
      <SignInForm onSignedIn={onSignedIn} />
    </AuthLayout>
  );
}

/** Brand, theme switch and one card: the sign-in form and the session-free account pages (reset, verify). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      {/* Soft brand glow behind the card. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklch,var(--brand-from)_22%,transparent),transparent)]"
      />
      <header className="relative flex items-center justify-between px-4 py-4 sm:px-6">
        <span className="flex items-center gap-2.5">
          <BrandMark className="size-8" />
          <span className="text-base font-bold tracking-tight">{PRODUCT_NAME}</span>
        </span>
        <ThemeSwitcher />
      </header>
      <main className="relative flex flex-1 flex-col items-center justify-center px-4 pt-4 pb-16">
        <p className="mb-6 text-sm font-medium tracking-wide text-muted-foreground uppercase">{TAGLINE}</p>
        <Card className="w-full max-w-md shadow-xl">
          <div className="px-5 py-7 sm:p-8">{children}</div>
        </Card>
      </main>
    </div>
  );
}
