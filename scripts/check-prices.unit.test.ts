// One price table: the checker on probes, then the real tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoFiles } from './check-file-length.mjs';
import { PRICE_TABLE, priceLiterals } from './check-prices.mjs';

describe('check-prices', () => {
  it('finds a price written outside the table, one finding per line', () => {
    const files = [
      { path: 'backend/src/modules/x/charge.ts', text: "items: [{ reference, amount: 2, reason: 'x' }],\n" },
      { path: 'frontend/src/features/x/Bar.tsx', text: "label = 'Export to CSV (1 credit)';\nconst RETRY_COST = 1;\n" },
      { path: 'frontend/src/features/x/Note.tsx', text: 'Each export costs 3 credits.\n' },
    ];
    expect(priceLiterals(files).map((f) => `${f.path}:${f.line}`)).toEqual([
      'backend/src/modules/x/charge.ts:1',
      'frontend/src/features/x/Bar.tsx:1',
      'frontend/src/features/x/Bar.tsx:2',
      'frontend/src/features/x/Note.tsx:1',
    ]);
  });

  it('lets the table itself and derived prices through', () => {
    const files = [
      { path: PRICE_TABLE, text: 'vc_application: 1,\nconst X_COST = 1;\n' },
      { path: 'frontend/src/x.tsx', text: 'const RETRY_COST = ACTION_PRICES.vc_application;\n`(${creditCount(n)})`\n' },
      { path: 'backend/src/x.ts', text: 'amount: ACTION_PRICES.angel_export, reason,\n' },
    ];
    expect(priceLiterals(files)).toEqual([]);
  });

  it('finds no price literal in the tree', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(priceLiterals(repoFiles(root))).toEqual([]);
  });
});
