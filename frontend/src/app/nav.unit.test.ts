import { describe, expect, it } from 'vitest';
import { isAuthPath, isNavItemActive, NAV_ITEMS, navSections, OPS_NAV_ITEMS } from './nav';

const active = (path: string) => NAV_ITEMS.filter((i) => isNavItemActive(i, path)).map((i) => i.label);

describe('sidebar highlighting', () => {
  it('highlights exactly the current destination', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/dashboard')).toEqual(['Dashboard']);
    expect(active('/vc-database')).toEqual(['VC Database']);
    expect(active('/test-vc-database')).toEqual(['Test firms']);
    expect(active('/investors')).toEqual(['Angel Investors']);
    expect(active('/pricing')).toEqual(['Credits']);
    expect(active('/submissions/')).toEqual(['Submissions']);
    expect(active('/pipeline')).toEqual(['Pipeline']);
    expect(active('/settings')).toEqual(['Settings']);
    expect(active('/profile')).toEqual(['Settings']);
    expect(active('/security-dashboard')).toEqual([]);
    expect(active('/nope')).toEqual([]);
  });
  it('lists the destinations in order', () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.href])).toEqual([
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
  });
});

describe('isAuthPath', () => {
  it('matches /auth and /sign-*', () => {
    for (const p of ['/auth', '/auth/', '/sign-in', '/sign-up', '/sign-in/factor-one'])
      expect(isAuthPath(p)).toBe(true);
    for (const p of ['/', '/signin', '/authx', '/settings']) expect(isAuthPath(p)).toBe(false);
  });

  it('shows the Ops section to admins only, and auditors only the ledger', () => {
    const labels = (a: { admin: boolean; auditor: boolean }) =>
      navSections(a).map((s) => [s.label, s.items.map((i) => i.label)]);
    expect(labels({ admin: false, auditor: false })).toEqual([[null, NAV_ITEMS.map((i) => i.label)]]);
    expect(labels({ admin: true, auditor: false })).toEqual([
      [null, NAV_ITEMS.map((i) => i.label)],
      ['Ops', ['Operations', 'Workflow runs', 'Users', 'Application forms', 'System', 'Ledger', 'Mailbox', 'Security']],
    ]);
    expect(labels({ admin: false, auditor: true })).toEqual([['Ops', ['Ledger']]]);
    const ops = (path: string) => OPS_NAV_ITEMS.filter((i) => isNavItemActive(i, path)).map((i) => i.label);
    expect(ops('/ops')).toEqual(['Operations']);
    expect(ops('/ops/users')).toEqual(['Users']);
    expect(ops('/ops/workflows')).toEqual(['Workflow runs']);
    expect(ops('/ops/ledger')).toEqual(['Ledger']);
    expect(ops('/ops/forms')).toEqual(['Application forms']);
    expect(ops('/ops/system')).toEqual(['System']);
  });
});
