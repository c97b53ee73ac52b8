import { describe, expect, it } from 'vitest';
import { Buckets } from './buckets';

describe('Buckets', () => {
  it('sets, reads and deletes without changing the map it came from', () => {
    const a = Buckets.empty<number>();
    let b = a;
    for (let i = 0; i < 300; i++) b = b.set(`k${i}`, i);
    const c = b.set('k1', 100).delete('k2').delete('missing');
    expect([a.size, b.size, c.size]).toEqual([0, 300, 299]);
    expect([b.get('k1'), c.get('k1'), b.has('k2'), c.has('k2'), a.has('k1')]).toEqual([1, 100, true, false, false]);
  });
});
