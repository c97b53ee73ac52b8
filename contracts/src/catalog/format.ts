// Number and status formatting rules (spec section 5). Pure: shared by server and browser.

// Plain decimal only: no exponent, hex, Infinity or thousands separators, so '1e3' or '0x10'
// typed into a filter never turns into a surprising number.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Numeric text parsing (spec 5): blank or whitespace-only gives undefined; all whitespace is
 * removed, then the rest is parsed as a plain decimal; anything else gives undefined.
 */
export function parseNumeric(s: string | number | null | undefined): number | undefined {
  if (s == null) return undefined;
  if (typeof s === 'number') return Number.isFinite(s) ? s : undefined;
  const compact = s.replace(/\s+/g, '');
  if (compact === '' || !DECIMAL.test(compact)) return undefined;
  return Number(compact);
}

/**
 * AUM filter input: keeps digits and a dot. Only the first dot survives, so the result always
 * parses (typing '1.2.3' yields '1.23' rather than an unparsable value).
 */
export function sanitizeAumInput(s: string | null | undefined): string {
  const kept = (s ?? '').replace(/[^0-9.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/**
 * AUM display (spec 5). The stored value is text in millions of USD.
 * >= 1000 → '$X.YB' (one decimal); otherwise rounded '$XM'; non-numeric text (e.g. 'N/A',
 * 'Undisclosed') is shown as is (trimmed); empty → 'N/A'.
 * Follows the spec literally at the boundary: 999.6 rounds to '$1000M', not '$1.0B'.
 */
export function formatAum(aum: string | number | null | undefined): string {
  if (aum == null) return 'N/A';
  const text = String(aum).trim();
  if (text === '') return 'N/A';
  const millions = parseNumeric(text);
  if (millions === undefined) return text;
  if (millions >= 1000) return `$${(millions / 1000).toFixed(1)}B`;
  // `+ 0` turns -0 (from rounding e.g. -0.2) into 0 so it never prints as '$-0M'.
  return `$${Math.round(millions) + 0}M`;
}

/** 'form_filled' → 'Form Filled'; empty or missing → 'Unknown' (spec 3). */
export function formatStatusCode(code: string | null | undefined): string {
  const words = (code ?? '').split(/[_\s]+/).filter(Boolean);
  if (words.length === 0) return 'Unknown';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}
