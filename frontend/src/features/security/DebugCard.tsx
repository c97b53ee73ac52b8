import type { SecurityDebugResponse } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Bug, ClipboardCopy, RotateCw, Terminal } from 'lucide-react';
import { useState } from 'react';
import { useIdentity } from '../../lib/identity';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { truncateKey } from './format';
import { securityDebugQueryOptions } from './queries';

/**
 * What the debug card shows (spec §2): sign-in state, the user, the environment and a truncated
 * publishable key. Never a token or any other secret. The user and environment come from the
 * admin-only GET /api/security/debug: a founder's browser is never sent them.
 */
function debugInfo(identity: ReturnType<typeof useIdentity>, server: SecurityDebugResponse) {
  return {
    auth: {
      loaded: identity.loaded,
      signedIn: identity.signedIn,
      userPresent: identity.user !== null,
      identityProviderPresent: identity.provider !== null,
    },
    user: {
      id: server.userId,
      email: server.email,
      firstName: identity.user?.firstName ?? null,
      lastName: identity.user?.lastName ?? null,
    },
    environment: {
      environment: server.environment,
      identityProvider: server.identityProvider,
      mode: import.meta.env?.MODE ?? 'unknown',
      apiBase: server.apiBase,
      publishableKey: truncateKey(server.publishableKey),
    },
  };
}

const yes = (v: boolean) => (v ? 'Yes' : 'No');

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 border-b border-border/60 py-1.5 last:border-0">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-mono text-xs" title={value}>
        {value}
      </dd>
    </div>
  );
}

/** Rendered for admins only: the query runs after the server answered the admin-only status. */
export function DebugCard() {
  const identity = useIdentity();
  const server = useQuery(securityDebugQueryOptions());
  if (server.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  // Nothing to show without the server's answer (403 for a non-admin): no card, not an empty one.
  if (server.isError) return null;
  return <DebugCardBody info={debugInfo(identity, server.data)} />;
}

function DebugCardBody({ info }: { info: ReturnType<typeof debugInfo> }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = JSON.stringify(info, null, 2);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch (error) {
      console.error('Could not copy the debug info', error);
      setCopied('failed');
    }
    setTimeout(() => setCopied('idle'), 2000);
  };

  return (
    <Card data-testid="debug-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <Bug className="size-4 text-muted-foreground" aria-hidden="true" />
            Debug Information
          </CardTitle>
          <CardDescription>Sign-in state and environment of this browser session.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => console.info('[security] debug info', info)}>
            <Terminal className="size-3.5" aria-hidden="true" />
            Log to Console
          </Button>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <ClipboardCopy className="size-3.5" aria-hidden="true" />
            {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed' : 'Copy Debug Info'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            <RotateCw className="size-3.5" aria-hidden="true" />
            Reload
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <div className="grid gap-x-8 gap-y-4 text-sm md:grid-cols-3">
          <dl aria-label="Sign-in state">
            <Row label="Loaded" value={yes(info.auth.loaded)} />
            <Row label="Signed in" value={yes(info.auth.signedIn)} />
            <Row label="User present" value={yes(info.auth.userPresent)} />
            <Row label="Identity provider present" value={yes(info.auth.identityProviderPresent)} />
          </dl>
          <dl aria-label="User">
            <Row label="User ID" value={info.user.id ?? '—'} />
            <Row label="Email" value={info.user.email ?? '—'} />
            <Row label="First name" value={info.user.firstName ?? '—'} />
            <Row label="Last name" value={info.user.lastName ?? '—'} />
          </dl>
          <dl aria-label="Environment">
            <Row label="Environment" value={info.environment.environment} />
            <Row label="Identity provider" value={info.environment.identityProvider} />
            <Row label="API base" value={info.environment.apiBase} />
            <Row label="Publishable key" value={info.environment.publishableKey} />
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
