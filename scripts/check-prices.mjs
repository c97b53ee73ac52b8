#!/usr/bin/env node
// "One price table" (CODE_STYLE.md, "Prices"): what a paid action costs is written once, in
// contracts' ACTION_PRICES, and read by the backend's charges and the screens' labels. This lists
// production lines that write a price again: a charge item with a literal amount, a "(1 credit)"
// label, a `*_COST = 1` constant, "costs 2 credits" prose. `node scripts/check-prices.mjs` exits 1
// when there is one; scripts/check-prices.unit.test.ts runs the same check on every test run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoFiles } from './check-file-length.mjs';

/** Where prices are declared: the only file allowed to write one. */
export const PRICE_TABLE = 'contracts/src/credits/prices.ts';

export const PRICE_LITERALS = [
  { what: 'a charge item with a literal amount', re: /\bamount:\s*\d+\s*,\s*reason\b/ },
  { what: 'a label with a literal price', re: /\(\s*\d[\d,]*\s+credits?\s*\)/ },
  { what: 'a cost constant', re: /\b[A-Z_]*COST\s*=\s*\d/ },
  { what: 'a price in prose', re: /\bcosts?\s+\d[\d,]*\s+credits?\b/i },
];

/** Each line of a production file (other than the price table) that writes a price. */
export function priceLiterals(files) {
  return files
    .filter((f) => f.path !== PRICE_TABLE)
    .flatMap((f) =>
      f.text
        .split('\n')
        .flatMap((line, i) =>
          PRICE_LITERALS.filter((p) => p.re.test(line)).map((p) => ({ path: f.path, line: i + 1, what: p.what })),
        ),
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bad = priceLiterals(repoFiles(root));
  for (const f of bad) console.log(`${f.path}:${f.line}: ${f.what}; read it from ACTION_PRICES (${PRICE_TABLE})`);
  if (bad.length) process.exit(1);
  console.log(`every price is read from ${PRICE_TABLE}`);
}
