import { Unlock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';

/**
 * 'IP Management' (spec §2): the button stays disabled while the field is empty; any format check
 * is the server's (spec §5). A failure is only logged (spec §8).
 */
export function IpManagementCard({ onUnblock }: { onUnblock: (ip: string) => Promise<unknown> }) {
  const [ip, setIp] = useState('');
  const [busy, setBusy] = useState(false);
  const value = ip.trim();
  return (
    <Card data-testid="ip-management">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Unlock className="size-4 text-primary" aria-hidden="true" />
          IP Management
        </CardTitle>
        <CardDescription>Let a blocked address reach the app again. IPv4 and IPv6 are accepted.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!value || busy) return;
            setBusy(true);
            onUnblock(value)
              .then(
                () => setIp(''),
                () => undefined,
              )
              .finally(() => setBusy(false));
          }}
        >
          <Field label="Unblock IP Address">
            {(p) => (
              <Input
                {...p}
                value={ip}
                onChange={(e) => setIp(e.target.value)}
                placeholder="e.g. 203.0.113.7 or 2001:db8::1"
                autoComplete="off"
                spellCheck={false}
                inputMode="text"
              />
            )}
          </Field>
          <Button type="submit" className="self-start" disabled={!value} loading={busy}>
            Unblock IP
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
