import { QueryClient } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { FlaskConical, Gauge } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import type { IdentityStore } from '../lib/identity/store';
import { createAppRouter } from '../router';
import { accessOf, isAuthPath, isNavItemActive, mayOpen, navSections, type Access } from './nav';

const FOUNDER: Access = { admin: false, auditor: false };
const ADMIN: Access = { admin: true, auditor: false };
const AUDITOR: Access = { admin: false, auditor: true };

// The app's own route tree, as the router builds it.
const { routeTree } = createAppRouter(new QueryClient(), { getSnapshot: () => ({ signedIn: false }) } as IdentityStore);
const sections = (access: Access) => navSections(access, routeTree);
const PRODUCT = sections(FOUNDER)[0]!.items;
const OPS = sections(ADMIN)[1]!.items;
const active = (path: string) => PRODUCT.filter((i) => isNavItemActive(i, path)).map((i) => i.label);

describe('sidebar highlighting', () => {
  it('highlights exactly the current destination', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/dashboard')).toEqual(['Dashboard']);
    expect(active('/vc-database')).toEqual(['VC Database']);
    expect(active('/test-vc-database')).toEqual(['Test firms']);
    expect(active('/investors')).toEqual(['Angel Investors']);
    expect(active('/pricing')).toEqual(['Credits']);
    expect(active('/credits')).toEqual(['Credits']);
    expect(active('/submissions/')).toEqual(['Submissions']);
    expect(active('/pipeline')).toEqual(['Pipeline']);
    expect(active('/settings')).toEqual(['Settings']);
    expect(active('/profile')).toEqual(['Settings']);
    expect(active('/security-dashboard')).toEqual([]);
    expect(active('/nope')).toEqual([]);
  });
  it('lists the destinations in order', () => {
    expect(PRODUCT.map((i) => [i.label, i.href])).toEqual([
      ['Dashboard', '/'],
      ['VC Database', '/vc-database'],
      ['Test firms', '/test-vc-database'],
      ['Angel Investors', '/investors'],
      ['Credits', '/pricing'],
      ['Submissions', '/submissions'],
      ['Pipeline', '/pipeline'],
      ['Deck', '/deck'],
      ['Updates', '/updates'],
      ['Settings', '/settings'],
    ]);
    expect(OPS.map((i) => [i.label, i.href])).toEqual([
      ['Operations', '/ops'],
      ['Workflow runs', '/ops/workflows'],
      ['Users', '/ops/users'],
      ['Application forms', '/ops/forms'],
      ['System', '/ops/system'],
      ['Ledger', '/ops/ledger'],
      ['Mailbox', '/mailbox'],
      ['Security', '/security-dashboard'],
    ]);
  });
});

describe('isAuthPath', () => {
  it('matches /auth and /sign-*', () => {
    for (const p of ['/auth', '/auth/', '/sign-in', '/sign-up', '/sign-in/factor-one'])
      expect(isAuthPath(p)).toBe(true);
    for (const p of ['/', '/signin', '/authx', '/settings']) expect(isAuthPath(p)).toBe(false);
  });

  it('shows the Ops section to admins only, and auditors only the ledger', () => {
    const labels = (a: Access) => sections(a).map((s) => [s.label, s.items.map((i) => i.label)]);
    expect(labels(FOUNDER)).toEqual([[null, PRODUCT.map((i) => i.label)]]);
    expect(labels(ADMIN)).toEqual([
      [null, PRODUCT.map((i) => i.label)],
      ['Ops', ['Operations', 'Workflow runs', 'Users', 'Application forms', 'System', 'Ledger', 'Mailbox', 'Security']],
    ]);
    expect(labels(AUDITOR)).toEqual([['Ops', ['Ledger']]]);
    const ops = (path: string) => OPS.filter((i) => isNavItemActive(i, path)).map((i) => i.label);
    expect(ops('/ops')).toEqual(['Operations']);
    expect(ops('/ops/users')).toEqual(['Users']);
    expect(ops('/ops/workflows')).toEqual(['Workflow runs']);
    expect(ops('/ops/ledger')).toEqual(['Ledger']);
    expect(ops('/ops/forms')).toEqual(['Application forms']);
    expect(ops('/ops/system')).toEqual(['System']);
  });
});

describe('the sidebar comes from the routes', () => {
  // A tree of its own: what a feature's routes.ts declares is what the sidebar shows.
  const root = createRootRoute();
  // The router fills in each route's full path.
  const { routeTree: tree } = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/quiet' }),
      createRoute({
        getParentRoute: () => root,
        path: '/lab',
        staticData: { nav: { label: 'Lab', icon: FlaskConical, section: 'product', order: 20, aliases: ['/bench'] } },
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/ops-only',
        staticData: { roles: ['admin'], nav: { label: 'Ops page', icon: Gauge, section: 'ops', order: 5 } },
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/first',
        staticData: { nav: { label: 'First', icon: Gauge, section: 'product', order: 10 } },
      }),
    ]),
  });
  it('lists each route that declares an entry, in its section and order, and no other', () => {
    const shown = (a: Access) =>
      navSections(a, tree).map((s) => [s.label, s.items.map((i) => [i.label, i.href, i.aliases ?? []])]);
    expect(shown(FOUNDER)).toEqual([
      [
        null,
        [
          ['First', '/first', []],
          ['Lab', '/lab', ['/bench']],
        ],
      ],
    ]);
    expect(shown(ADMIN)[1]).toEqual(['Ops', [['Ops page', '/ops-only', []]]]);
    expect(shown(AUDITOR)).toEqual([]);
  });
  it('gives every destination of the app its own place in its section', () => {
    for (const a of [FOUNDER, ADMIN])
      for (const s of sections(a)) expect(new Set(s.items.map((i) => i.href)).size).toBe(s.items.length);
  });
});

describe('who may open a screen', () => {
  it('opens screens without roles to founders and admins, and a screen naming roles to them only', () => {
    expect(mayOpen(FOUNDER, undefined)).toBe(true);
    expect(mayOpen(ADMIN, undefined)).toBe(true);
    // An auditor is kept on the screens that name auditors.
    expect(mayOpen(AUDITOR, undefined)).toBe(false);
    expect(mayOpen(FOUNDER, ['admin'])).toBe(false);
    expect(mayOpen(ADMIN, ['admin'])).toBe(true);
    expect(mayOpen(AUDITOR, ['admin'])).toBe(false);
    expect(mayOpen(FOUNDER, ['admin', 'auditor'])).toBe(false);
    expect(mayOpen(ADMIN, ['admin', 'auditor'])).toBe(true);
    expect(mayOpen(AUDITOR, ['admin', 'auditor'])).toBe(true);
  });
  it('reads the roles the server answers: an admin who is also an auditor is an admin', () => {
    expect(accessOf([])).toEqual(FOUNDER);
    expect(accessOf(['admin'])).toEqual(ADMIN);
    expect(accessOf(['auditor'])).toEqual(AUDITOR);
    expect(accessOf(['auditor', 'admin'])).toEqual(ADMIN);
  });
});
