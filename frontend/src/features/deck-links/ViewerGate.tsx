import { DECK_CODE_DIGITS, DECK_CODE_MINUTES, DeckLinkFields, type DeckViewInfo } from '@fp/contracts';
import { Eye, MailCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
// The UI kit file by file, not its index: the viewer is its own small bundle (viewer.html).
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { preloadPdf } from './pdf';

/** What the founder will see of this visit, as this link records it: said once, and only what is true. */
export function trackingNotice(
  info: Pick<DeckViewInfo, 'requireEmail' | 'allowDownload'> & Partial<Pick<DeckViewInfo, 'verifyEmail' | 'room'>>,
): string {
  const seen = [
    ...(info.room ? ['which documents were opened'] : ['that this deck was opened']),
    ...(info.verifyEmail
      ? ['with the e-mail address you verify']
      : info.requireEmail
        ? ['with the e-mail address you give']
        : []),
    ...(info.room?.nda ? ['the name you type to accept the NDA'] : []),
    'which pages were read and for how long',
  ];
  return `Viewing is tracked: the founder sees ${seen.join(', ')}${info.allowDownload ? ', and whether it was downloaded' : ''}.`;
}

export type VisitBody = { email?: string; passcode?: string; code?: string; ndaName?: string };

/** "Lumen Grid — Seed round", the data room's name after whose it is. */
export const roomTitle = (companyName: string | null, room: string) =>
  companyName ? `${companyName} — ${room}` : room;

/**
 * What the link asks before the deck opens: an e-mail, a passcode, and on links that verify e-mails a
 * second step, the 6-digit code mailed to that address (the server opens nothing without it).
 */
export function Gate({
  info,
  onSubmit,
  onSendCode,
  nda,
  title = 'View the pitch deck',
  action = 'View deck',
}: {
  info: DeckViewInfo;
  /** A data room's NDA, shown word for word above the name that accepts it. */
  nda?: string | null;
  title?: string;
  action?: string;
  onSubmit(body: VisitBody): Promise<string | null>;
  /** Mails a code to this address; answers a problem to show, or null. */
  onSendCode(email: string): Promise<string | null>;
}) {
  // pdf.js and its worker load while the viewer types, not after.
  useEffect(() => {
    preloadPdf().catch(() => undefined);
  }, []);
  const [email, setEmail] = useState('');
  const [passcode, setPasscode] = useState('');
  const [code, setCode] = useState('');
  const [ndaName, setNdaName] = useState('');
  /** The address a code was sent to (the code step), or null (the e-mail step). */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function sendCode(to: string) {
    const checked = DeckLinkFields.email.safeParse(to);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Please enter a valid email address');
    setBusy(true);
    setError(null);
    const problem = await onSendCode(checked.data);
    setBusy(false);
    if (problem) setError(problem);
    else {
      setCode('');
      setCodeSentTo(checked.data);
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (nda && !ndaName.trim()) return setError('Type your full name to accept the NDA.');
    if (info.verifyEmail && !codeSentTo) return sendCode(email.trim());
    setBusy(true);
    setError(null);
    const problem = await onSubmit({
      ...(codeSentTo ? { email: codeSentTo, code: code.trim() } : {}),
      ...(!codeSentTo && info.requireEmail && email.trim() ? { email: email.trim() } : {}),
      ...(info.requirePasscode && passcode ? { passcode } : {}),
      ...(nda ? { ndaName: ndaName.trim() } : {}),
    });
    setBusy(false);
    if (problem) setError(problem);
  }
  if (codeSentTo)
    return (
      <Card className="mt-6 w-full max-w-md p-6" data-testid="deck-code-step">
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <h1 className="flex items-center gap-2 text-lg font-semibold">
            <MailCheck className="size-5" aria-hidden="true" /> Check your e-mail
          </h1>
          <p className="text-sm text-muted-foreground">
            We sent a {DECK_CODE_DIGITS}-digit code to <span className="font-medium text-foreground">{codeSentTo}</span>
            . It works once and expires in {DECK_CODE_MINUTES} minutes.
          </p>
          <Field label="Code" required>
            {(p) => (
              <Input
                {...p}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={DECK_CODE_DIGITS}
                className="text-center font-mono text-xl tracking-[0.4em]"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                autoFocus
              />
            )}
          </Field>
          {info.requirePasscode ? (
            <Field label="Passcode" required>
              {(p) => (
                <Input
                  {...p}
                  type="password"
                  autoComplete="off"
                  value={passcode}
                  onChange={(e) => setPasscode(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" loading={busy} disabled={code.length !== DECK_CODE_DIGITS}>
            {action}
          </Button>
          <div className="flex flex-wrap justify-between gap-2">
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void sendCode(codeSentTo)}>
              Send a new code
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => {
                setCodeSentTo(null);
                setError(null);
              }}
            >
              Use another e-mail
            </Button>
          </div>
        </form>
      </Card>
    );
  return (
    <Card className={nda ? 'mt-6 w-full max-w-2xl p-4 sm:p-6' : 'mt-6 w-full max-w-md p-6'}>
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground" data-testid="tracking-notice">
          <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {trackingNotice(info)}
        </p>
        {info.requireEmail ? (
          <Field label="Your e-mail address" required>
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            )}
          </Field>
        ) : null}
        {info.requirePasscode && !info.verifyEmail ? (
          <Field label="Passcode" required>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="off"
                value={passcode}
                onChange={(e) => setPasscode(e.target.value)}
                autoFocus={!info.requireEmail}
              />
            )}
          </Field>
        ) : null}
        {nda ? (
          <>
            <div
              className="max-h-[45dvh] overflow-y-auto rounded-md border border-border bg-muted/30 p-3 text-sm whitespace-pre-wrap"
              data-testid="nda-text"
              tabIndex={0}
              role="document"
              aria-label="Non-disclosure agreement"
            >
              {nda}
            </div>
            <Field label="Type your full name to accept" required hint="Typing your name has the effect of signing.">
              {(p) => (
                <Input
                  {...p}
                  autoComplete="name"
                  value={ndaName}
                  maxLength={120}
                  onChange={(e) => setNdaName(e.target.value)}
                />
              )}
            </Field>
          </>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {info.verifyEmail ? 'Send me a code' : action}
        </Button>
      </form>
    </Card>
  );
}
