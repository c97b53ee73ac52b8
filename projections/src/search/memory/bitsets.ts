// Bitsets over a segment's positions (Uint32Array, bit p of word p >>> 5): a query's matches, so a
// total is a population count and a page a rank/select, whatever the number of matches.

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i]) n += popcount32(bits[i]!);
  return n;
}

/** Set bits below position p. */
export function rankBelow(bits: Uint32Array, p: number): number {
  let n = 0;
  const w = p >>> 5;
  for (let i = 0; i < w; i++) if (bits[i]) n += popcount32(bits[i]!);
  const rest = p & 31;
  if (rest) n += popcount32(bits[w]! & ((1 << rest) - 1));
  return n;
}

/** Position of the first set bit at or after p, or -1. */
export function nextSet(bits: Uint32Array, p: number): number {
  let w = p >>> 5;
  if (w >= bits.length) return -1;
  let x = bits[w]! & (~0 << (p & 31));
  while (!x) {
    if (++w >= bits.length) return -1;
    x = bits[w]!;
  }
  return (w << 5) + 31 - Math.clz32(x & -x);
}

/** Position of the k-th set bit (0-based), or -1. */
export function selectNth(bits: Uint32Array, k: number): number {
  for (let w = 0; w < bits.length; w++) {
    const x = bits[w]!;
    if (!x) continue;
    const c = popcount32(x);
    if (k >= c) {
      k -= c;
      continue;
    }
    let y = x;
    for (; k > 0; k--) y &= y - 1;
    return (w << 5) + 31 - Math.clz32(y & -y);
  }
  return -1;
}

/** Calls `f` with each set position in order; `f` returning false stops. */
export function forEachSet(bits: Uint32Array, f: (p: number) => boolean | void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x) {
      const low = x & -x;
      x ^= low;
      if (f((w << 5) + 31 - Math.clz32(low)) === false) return;
    }
  }
}
