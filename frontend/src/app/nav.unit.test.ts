import { describe, expect, it } from 'vitest';
import { isAuthPath, isNavItemActive, NAV_ITEMS } from './nav';

const active = (path: string) => NAV_ITEMS.filter((i) => isNavItemActive(i, path)).map((i) => i.label);

describe('sidebar highlighting', () => {
  it('highlights exactly the current destination', () => {
    expect(active('/')).toEqual(['Dashboard']);
    expect(active('/dashboard')).toEqual(['Dashboard']);
    expect(active('/vc-database')).toEqual(['VC Database']);
    expect(active('/test-vc-database')).toEqual(['VC Database']);
    expect(active('/investors')).toEqual(['Angel Investors']);
    expect(active('/pricing')).toEqual(['Credits']);
    expect(active('/submissions/')).toEqual(['Submissions']);
    expect(active('/settings')).toEqual(['Settings']);
    expect(active('/profile')).toEqual(['Settings']);
    expect(active('/security-dashboard')).toEqual([]);
    expect(active('/nope')).toEqual([]);
  });
  it('lists the six destinations in order', () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.href])).toEqual([
      ['Dashboard', '/'],
      ['VC Database', '/vc-database'],
      ['Angel Investors', '/investors'],
      ['Credits', '/pricing'],
      ['Submissions', '/submissions'],
      ['Settings', '/settings'],
    ]);
  });
});

describe('isAuthPath', () => {
  it('matches /auth and /sign-*', () => {
    for (const p of ['/auth', '/auth/', '/sign-in', '/sign-up', '/sign-in/factor-one']) expect(isAuthPath(p)).toBe(true);
    for (const p of ['/', '/signin', '/authx', '/settings']) expect(isAuthPath(p)).toBe(false);
  });
});
