import {
  API_ROUTES,
  apiPath,
  DECK_CODE_DIGITS,
  DECK_CODE_MINUTES,
  DeckLinkFields,
  type DeckViewInfo,
  type StartDeckVisitResponse,
} from '@fp/contracts';
import { Eye, MailCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Brand } from '../../app/Brand';
// The UI kit file by file, not its index: the viewer is its own small bundle (viewer.html).
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { DeckReader } from './DeckReader';
import { preloadPdf } from './pdf';
import { viewerSessionToken } from './viewer-session';

/** What the founder will see of this visit, as this link records it: said once, and only what is true. */
export function trackingNotice(
  info: Pick<DeckViewInfo, 'requireEmail' | 'allowDownload'> & Partial<Pick<DeckViewInfo, 'verifyEmail'>>,
): string {
  const seen = [
    'that this deck was opened',
    ...(info.verifyEmail
      ? ['with the e-mail address you verify']
      : info.requireEmail
        ? ['with the e-mail address you give']
        : []),
    'which pages were read and for how long',
  ];
  return `Viewing is tracked: the founder sees ${seen.join(', ')}${info.allowDownload ? ', and whether it was downloaded' : ''}.`;
}

/** "Lumen Grid — pitch deck", or "Pitch deck" when the founder's profile has no company name. */
export const deckTitle = (companyName: string | null) => (companyName ? `${companyName} — pitch deck` : 'Pitch deck');

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'gate'; info: DeckViewInfo }
  | { kind: 'reading'; info: DeckViewInfo; visit: StartDeckVisitResponse };

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? `The deck could not be loaded (HTTP ${res.status}).`;
}

/**
 * /d/:token — the public deck viewer (no account), its own small page (viewer.html): asks what the
 * link requires (e-mail, passcode), says once what is tracked, shows the first page at once from the
 * image drawn at upload, then the founder's PDF page by page with pdf.js, the watermark drawn into
 * each page image, and reports visible time per page. The founder's own session makes it a preview
 * that is not counted (the server decides).
 */
export function DeckViewer({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const base = apiPath(API_ROUTES.deckViewer, { token });
  // The founder's session, when this browser has one (read once, without the app's identity stack).
  const session = useMemo(() => viewerSessionToken(), []);

  const call = useCallback(
    async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const t = await session;
      if (t) headers.set('authorization', `Bearer ${t}`);
      return fetch(url, { ...init, headers });
    },
    [session],
  );

  const start = useCallback(
    async (info: DeckViewInfo, body: VisitBody): Promise<string | null> => {
      const res = await call(apiPath(API_ROUTES.deckViewerVisits, { token }), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) return messageOf(res);
      setPhase({ kind: 'reading', info, visit: (await res.json()) as StartDeckVisitResponse });
      return null;
    },
    [call, token],
  );

  // What the link asks for needs no session: asked at once, beside reading the session (the session
  // matters only from the visit on, which makes the founder's own visit a preview).
  const infoRequest = useMemo(() => withBody(fetch(base)), [base]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // The answer depends on who asks (the founder's own link skips its gate): a viewer with a
      // session asks again with it; investors, who have none, keep the early answer.
      const got = (await session) ? await withBody(call(base)) : await infoRequest;
      if (cancelled) return;
      if (!got || !got.res.ok)
        return setPhase({
          kind: 'failed',
          message: got
            ? ((got.body as { error?: string } | null)?.error ??
              `The deck could not be loaded (HTTP ${got.res.status}).`)
            : 'The deck could not be loaded. Check your connection and try again.',
        });
      const info = got.body as DeckViewInfo;
      document.title = `${deckTitle(info.companyName)} · FundFlow`;
      if (!info.requireEmail && !info.requirePasscode) {
        const problem = await start(info, {});
        if (problem && !cancelled) setPhase({ kind: 'failed', message: problem });
      } else setPhase({ kind: 'gate', info });
    })();
    return () => {
      cancelled = true;
    };
  }, [session, infoRequest, call, base, start]);

  const info = phase.kind === 'gate' || phase.kind === 'reading' ? phase.info : null;
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <Brand />
        {info ? (
          <span className="truncate text-sm font-medium" data-testid="deck-title">
            {deckTitle(info.companyName)}
          </span>
        ) : null}
      </header>
      <main className="flex flex-1 flex-col items-center gap-3 px-2 py-4 sm:px-4">
        {phase.kind === 'loading' ? <Spinner label="Loading the deck" /> : null}
        {phase.kind === 'failed' ? (
          <Card className="mt-8 max-w-md p-6" role="alert">
            <h1 className="text-lg font-semibold">This deck is not available</h1>
            <p className="mt-2 text-sm text-muted-foreground">{phase.message}</p>
          </Card>
        ) : null}
        {phase.kind === 'gate' ? (
          <Gate
            info={phase.info}
            onSubmit={(body) => start(phase.info, body)}
            onSendCode={async (email) => {
              const res = await call(apiPath(API_ROUTES.deckViewerCodes, { token }), {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email }),
              });
              return res.ok ? null : messageOf(res);
            }}
          />
        ) : null}
        {phase.kind === 'reading' ? (
          <DeckReader token={token} visit={phase.visit} call={call} session={session} />
        ) : null}
      </main>
      {/* Said once: on the gate, before anything is given; while reading, here. */}
      {phase.kind === 'reading' ? (
        <footer
          className="border-t border-border px-4 py-2 text-center text-xs text-muted-foreground"
          data-testid="tracking-notice"
        >
          <Eye className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {trackingNotice(phase.info)}
        </footer>
      ) : null}
    </div>
  );
}

type VisitBody = { email?: string; passcode?: string; code?: string };

/**
 * What the link asks before the deck opens: an e-mail, a passcode, and on links that verify e-mails a
 * second step, the 6-digit code mailed to that address (the server opens nothing without it).
 */
function Gate({
  info,
  onSubmit,
  onSendCode,
}: {
  info: DeckViewInfo;
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
    if (info.verifyEmail && !codeSentTo) return sendCode(email.trim());
    setBusy(true);
    setError(null);
    const problem = await onSubmit({
      ...(codeSentTo ? { email: codeSentTo, code: code.trim() } : {}),
      ...(!codeSentTo && info.requireEmail && email.trim() ? { email: email.trim() } : {}),
      ...(info.requirePasscode && passcode ? { passcode } : {}),
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
            View deck
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
    <Card className="mt-6 w-full max-w-md p-6">
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="text-lg font-semibold">View the pitch deck</h1>
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
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {info.verifyEmail ? 'Send me a code' : 'View deck'}
        </Button>
      </form>
    </Card>
  );
}

/** A response with its JSON body read (null when it has none); null when the request itself failed. */
const withBody = (request: Promise<Response>) =>
  request.then(async (res) => ({ res, body: (await res.json().catch(() => null)) as unknown })).catch(() => null);

/** The router's /d/$token (the app's own bundle, e.g. in `vite` dev); the server serves viewer.html there. */
export function DeckViewerPage() {
  const token = window.location.pathname.split('/d/')[1]?.split('/')[0] ?? '';
  return <DeckViewer token={decodeURIComponent(token)} />;
}
