import { describe, expect, it } from 'vitest';
import { canonicalJson, derivedId, keyedRequest } from './idempotency';

describe('canonicalJson', () => {
  it('writes one text per value: object keys sorted at every depth, arrays in order, undefined fields left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: 'é' }, u: undefined })).toBe(
      '{"a":{"c":"é","d":[2,{"x":2,"y":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson(['b', 'a'])).not.toBe(canonicalJson(['a', 'b']));
    expect(canonicalJson(null)).toBe('null');
  });
});

describe('keyedRequest', () => {
  it('binds a key to the call and its input: another body or another call is another hash, on the same stream', () => {
    const a = keyedRequest('u1', 'k', 'submit', { test: true, vcIds: ['x'] })!;
    expect(keyedRequest('u1', 'k', 'submit', { vcIds: ['x'], test: true })).toEqual(a);
    const otherBody = keyedRequest('u1', 'k', 'submit', { test: true, vcIds: ['y'] })!;
    const otherCall = keyedRequest('u1', 'k', 'retry', { test: true, vcIds: ['x'] })!;
    expect(otherBody.hash).not.toBe(a.hash);
    expect(otherCall.hash).not.toBe(a.hash);
    expect([otherBody.stream, otherCall.stream]).toEqual([a.stream, a.stream]);
    expect(keyedRequest('u2', 'k', 'submit', { test: true, vcIds: ['x'] })!.stream).not.toBe(a.stream);
    expect(keyedRequest('u1', null, 'submit', {})).toBeNull();
  });
});

describe('derivedId', () => {
  it('mints the same uuid-shaped id from the same parts, and another from other parts', () => {
    const id = derivedId('u1', 'test', 'k', 'firm');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedId('u1', 'test', 'k', 'firm')).toBe(id);
    expect(derivedId('u1', 'vc', 'k', 'firm')).not.toBe(id);
  });
});
