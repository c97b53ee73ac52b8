import { API_ROUTES } from '@fp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useIdentity } from '../../lib/identity';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { postAccount } from './recovery-queries';

const email = z.string().trim().min(1, 'Please enter your email address').email('Please enter a valid email address');
const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password'),
});
const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long'),
  email,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});

type Mode = 'signIn' | 'signUp' | 'forgot';

export interface SignInFormProps {
  /** Called once signed in (e.g. navigate to / or close a modal). */
  onSignedIn?: () => void;
  initialMode?: Mode;
}

/** Email + password sign-in with a sign-up mode (name, email, password). */
export function SignInForm({ onSignedIn, initialMode = 'signIn' }: SignInFormProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight">
          {mode === 'signIn'
            ? 'Sign in to FundFlow'
            : mode === 'signUp'
              ? 'Create your account'
              : 'Reset your password'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {mode === 'signIn'
            ? 'Welcome back! Please sign in to continue.'
            : mode === 'signUp'
              ? 'Start finding investors for your startup.'
              : 'We will e-mail you a link to choose a new password.'}
        </p>
      </div>
      {mode === 'signIn' && <SignInFields onSignedIn={onSignedIn} />}
      {mode === 'signUp' && <SignUpFields onSignedIn={onSignedIn} />}
      {mode === 'forgot' && <ForgotPasswordFields />}
      {mode === 'signIn' && (
        <button
          type="button"
          className="-mt-3 self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => setMode('forgot')}
        >
          Forgot password?
        </button>
      )}
      <p className="text-center text-sm text-muted-foreground">
        {mode === 'signUp'
          ? 'Already have an account? '
          : mode === 'forgot'
            ? 'Remembered it? '
            : "Don't have an account? "}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}
        >
          {mode === 'signIn' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </div>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

function SignInFields({ onSignedIn }: { onSignedIn?: () => void }) {
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof signInSchema>,
    unknown,
    z.output<typeof signInSchema>
  >({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await identity.signIn(values.email, values.password);
      onSignedIn?.();
    } catch (e) {
      setError(messageOf(e, 'Sign in failed. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <FormError message={error} />
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@startup.com"
            {...register('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpFields({ onSignedIn }: { onSignedIn?: () => void }) {
  const identity = useIdentity();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof signUpSchema>,
    unknown,
    z.output<typeof signUpSchema>
  >({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await identity.signUp(values.name, values.email, values.password);
      onSignedIn?.();
    } catch (e) {
      setError(messageOf(e, 'Sign up failed. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign up">
      <FormError message={error} />
      <Field label="Name" error={errors.name?.message}>
        {(p) => <Input {...p} autoComplete="name" placeholder="Ada Lovelace" {...register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@startup.com"
            {...register('email')}
          />
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        hint={errors.password ? undefined : 'At least 8 characters.'}
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

const forgotSchema = z.object({ email });

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
function ForgotPasswordFields() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof forgotSchema>,
    unknown,
    z.output<typeof forgotSchema>
  >({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      setSent(
        (await postAccount<{ message: string }>(API_ROUTES.passwordResetRequest, { email: values.email })).message,
      );
    } catch (e) {
      setError(messageOf(e, 'Something went wrong. Please try again.'));
    }
  });
  if (sent)
    return (
      <p role="status" className="rounded-md border border-border bg-muted/50 px-3 py-2.5 text-sm">
        {sent}
      </p>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset password">
      <FormError message={error} />
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@startup.com"
            {...register('email')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
