import { ROLES, type OpsUser, type UserRole } from '@fp/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Ban, Coins, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { SearchField } from '../../ui';
import { Input } from '../../ui/Input';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast';
import { count, LoadError, when } from './OpsParts';
import { opsUsersQueryOptions, useUserAction } from './queries';
import { usersListOf, validateUsersSearch } from './users-search';

const ROLE_LABEL: Record<UserRole, string> = { admin: 'Admin', auditor: 'Auditor' };

const route = getRouteApi('/ops/users');

type Open = { user: OpsUser; dialog: 'credits' | 'roles' | 'disable' } | null;

function GrantCreditsForm({ user, onDone }: { user: OpsUser; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const action = useUserAction(user.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    action.mutate(
      { kind: 'credits', amount: Number(amount), reason },
      {
        onSuccess: (u) => {
          toast({
            title: 'Credits granted',
            description: `${user.email} now has ${count(u.balance)} credit(s).`,
            variant: 'success',
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Current balance: {count(user.balance)}. The grant is recorded on the ledger with you as the actor.
      </p>
      <Field label="Credits" required>
        {(p) => (
          <Input
            {...p}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ''))}
            autoFocus
          />
        )}
      </Field>
      <Field label="Reason" required hint="Shown on the ledger line (for example: goodwill after an outage).">
        {(p) => <Textarea {...p} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {action.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {action.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!amount || !reason.trim() || action.isPending}>
          {action.isPending ? 'Granting...' : 'Grant credits'}
        </Button>
      </div>
    </form>
  );
}

function RolesForm({ user, onDone }: { user: OpsUser; onDone: () => void }) {
  const action = useUserAction(user.id);
  const [roles, setRoles] = useState(user.roles);
  const toggle = (role: UserRole, on: boolean) =>
    action.mutate({ kind: on ? 'grant-role' : 'revoke-role', role }, { onSuccess: (u) => setRoles(u.roles) });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        An auditor reads ledgers and audit runs only; an admin operates the whole product. Each change is recorded with
        you as the actor.
      </p>
      <div className="flex flex-col gap-3">
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            label={ROLE_LABEL[role]}
            checked={roles.includes(role)}
            disabled={action.isPending}
            onCheckedChange={(on) => toggle(role, on)}
          />
        ))}
      </div>
      {action.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {action.error.message}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function DisableForm({ user, onDone }: { user: OpsUser; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const action = useUserAction(user.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    action.mutate(
      { kind: 'disable', reason },
      {
        onSuccess: () => {
          toast({
            title: 'Account disabled',
            description: `${user.email} was signed out everywhere and cannot sign in.`,
            variant: 'success',
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Their sessions end at once and sign-in is refused until you enable the account again.
      </p>
      <Field label="Reason" required>
        {(p) => <Textarea {...p} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />}
      </Field>
      {action.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {action.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!reason.trim() || action.isPending}>
          {action.isPending ? 'Disabling...' : 'Disable account'}
        </Button>
      </div>
    </form>
  );
}

function UserRow({ user, onOpen }: { user: OpsUser; onOpen: (dialog: 'credits' | 'roles' | 'disable') => void }) {
  const enable = useUserAction(user.id);
  return (
    <li data-testid="ops-user-row" className="flex flex-col gap-3 px-4 py-3 lg:flex-row lg:items-center lg:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{user.email}</span>
          {user.roles.map((r) => (
            <Badge key={r} variant="default">
              {ROLE_LABEL[r as UserRole] ?? r}
            </Badge>
          ))}
          {user.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
        </div>
        <p className="truncate text-xs text-muted-foreground">
          {user.name ?? 'No name'} · joined {when(user.registeredAt)} · last sign-in {when(user.lastSignInAt)}
        </p>
        {user.disabled ? (
          <p className="text-xs text-destructive">
            Disabled {when(user.disabled.at)}: {user.disabled.reason}
          </p>
        ) : null}
      </div>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Balance</dt>
          <dd className="font-semibold tabular-nums" data-testid="ops-user-balance">
            {count(user.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Submissions</dt>
          <dd className="font-semibold tabular-nums">{count(user.submissions)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onOpen('credits')}>
          <Coins className="size-4" aria-hidden="true" />
          Grant credits
        </Button>
        <Button size="sm" variant="outline" onClick={() => onOpen('roles')}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          Roles
        </Button>
        {user.disabled ? (
          <Button
            size="sm"
            variant="outline"
            disabled={enable.isPending}
            onClick={() =>
              enable.mutate(
                { kind: 'enable' },
                {
                  onError: (e) => toast({ title: 'Could not enable', description: e.message, variant: 'destructive' }),
                },
              )
            }
          >
            <UserCheck className="size-4" aria-hidden="true" />
            Enable
          </Button>
        ) : (
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => onOpen('disable')}>
            <Ban className="size-4" aria-hidden="true" />
            Disable
          </Button>
        )}
      </div>
    </li>
  );
}

/** /ops/users (admins): find a user, see their standing, grant credits, set roles, disable the account. */
export function UsersPage() {
  // The search and the page live in the URL (?q=ada&page=2) so a reload keeps them.
  const navigate = useNavigate();
  const { q, page } = usersListOf(route.useSearch());
  const go = (next: { q: string; page: number }) =>
    void navigate({ to: '/ops/users', search: validateUsersSearch(next), replace: true });
  const setPage = (p: number) => go({ q, page: p });
  const [draft, setDraft] = useState(q);
  const [open, setOpen] = useState<Open>(null);
  const list = useQuery(opsUsersQueryOptions(q, page));
  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft.trim(), page: 1 });
  };
  const close = () => setOpen(null);

  let body;
  if (list.isPending) body = <Skeleton className="h-64 w-full rounded-xl" />;
  else if (list.isError) body = <LoadError error={list.error} who="administrators" what="user administration" />;
  else if (list.data.users.length === 0)
    body = (
      <EmptyState
        icon={<Users />}
        title={q ? `No user matches “${q}”` : 'No users yet'}
        description="Search by e-mail, name or user id."
      />
    );
  else {
    body = (
      <>
        <Card>
          <ul className="divide-y" aria-label="Users">
            {list.data.users.map((u) => (
              <UserRow key={u.id} user={u} onOpen={(dialog) => setOpen({ user: u, dialog })} />
            ))}
          </ul>
        </Card>
        <Pagination
          page={page}
          pageSize={list.data.limit}
          total={list.data.total}
          onPageChange={setPage}
          itemLabel="users"
          hideWhenSinglePage
        />
      </>
    );
  }
  const titles = { credits: 'Grant credits', roles: 'Roles', disable: 'Disable account' } as const;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Users"
        description="Find an account, see its balance and activity, grant credits, set roles or disable it."
      />
      <form onSubmit={search} className="flex gap-2" role="search">
        <SearchField
          aria-label="Search users"
          placeholder="E-mail, name or user id"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {body}
      <Dialog
        open={open !== null}
        onOpenChange={(o) => !o && close()}
        title={open ? titles[open.dialog] : ''}
        description={open?.user.email}
        size="sm"
      >
        {open?.dialog === 'credits' ? <GrantCreditsForm user={open.user} onDone={close} /> : null}
        {open?.dialog === 'roles' ? <RolesForm user={open.user} onDone={close} /> : null}
        {open?.dialog === 'disable' ? <DisableForm user={open.user} onDone={close} /> : null}
      </Dialog>
    </div>
  );
}
