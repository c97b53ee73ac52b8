import { ATLAS_PORTAL_PASSWORD, SANDBOX_SITES } from '@fp/workflows/sandbox';
import { describe, expect, it } from 'vitest';
import { buildTestFirms } from './test-catalog';
import { TEST_FIRM_NOTES } from './test-firm-notes';

describe('test firm notes (what a founder reads in the test VC database)', () => {
  const firms = buildTestFirms('http://127.0.0.1:4100');

  it('gives every sandbox site a founder note (a site added without one gets a plain line, never the developers’ text)', () => {
    const slugs = SANDBOX_SITES.map((s) => s.slug);
    expect(slugs.filter((s) => !TEST_FIRM_NOTES[s])).toEqual([]);
    for (const f of firms) expect(f.description).toBe(TEST_FIRM_NOTES[f.website!.split('/').filter(Boolean).at(-1)!]);
  });

  it('uses no developer words: no code names, markup terms or outcome codes', () => {
    for (const f of firms) {
      expect(f.description).not.toMatch(
        /ATLAS_PORTAL_PASSWORD|role=|radiogroup|listbox|combobox|aria-|POST|HTTP|JSON|iframe|\bSPA\b|Expected outcome|waiting_for_input|q3_/,
      );
    }
  });

  it("shows the portal's test password where the sign-in test needs it", () => {
    const atlas = firms.find((f) => f.vcName === 'Atlas Ventures')!;
    expect(atlas.description).toContain(`the test password ${ATLAS_PORTAL_PASSWORD}`);
  });
});
