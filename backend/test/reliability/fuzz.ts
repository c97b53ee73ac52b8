import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@fp/infra';
import fc from 'fast-check';

/**
 * Generators of bad input for the API fuzzing test (fuzz.int.test.ts): field names taken from
 * every zod schema in contracts/src/<module>/api.ts (so new fields are fuzzed without editing this file),
 * nasty values, query strings with repeated keys and broken escapes, and raw bodies: malformed
 * JSON, duplicate keys, wrong content types, bodies over the size limit.
 */

/** Every object key of every zod schema exported by contracts/src/<module>/api.ts. */
export async function schemaFieldNames(): Promise<string[]> {
  const root = path.join(REPO_ROOT, 'contracts/src');
  const files = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, 'api.ts')))
    .map((d) => path.join(root, d.name, 'api.ts'));
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || seen.has(node) || depth > 12) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.shape && typeof def.shape === 'object') {
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(k);
        walk(v, depth + 1);
      }
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema', 'valueType', 'keyType'])
      walk(def[key], depth + 1);
    if (Array.isArray(def.options)) for (const o of def.options) walk(o, depth + 1);
  };
  for (const file of files) {
    const mod = await import(file);
    for (const value of Object.values(mod)) {
      if (typeof value === 'function') continue;
      walk(value, 0);
    }
  }
  return [...names].sort();
}

const SQL = [
  `' OR '1'='1`,
  `'; drop table users; --`,
  `1; select pg_sleep(5)--`,
  `" OR ""="`,
  `') union select * from auth_session --`,
  `%' and 1=0 union select null--`,
  `\\'`,
  `$1`,
  `E'\\x00'`,
];
const SCRIPT = [
  `<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>`,
  `javascript:alert(1)`,
  `{{7*7}}`,
  `\${7*7}`,
  `<svg/onload=alert(1)>`,
  `</textarea><script>`,
];
const UNICODE = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  '\u0000abc',
  '\uD800',
  '\uDFFF',
  '\u202Eevil',
  'ﷺ',
  '👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '𝕳𝖊𝖑𝖑𝖔',
  'e\u0301',
  '\uFEFF',
  'İ',
  '\u00A0',
  '日本語のテキスト',
  'مرحبا',
];
const ODD = [
  '../../etc/passwd',
  '%00',
  '%',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '-0',
  '1e309',
  '0x1F',
  '1.5',
  ' 7 ',
  '9007199254740993',
  '2024-02-30',
  '__proto__',
  'constructor',
  'prototype',
  '[object Object]',
];
const HUGE = ['x'.repeat(5_000), 'é'.repeat(40_000), 'a'.repeat(300_000)];
const NUMBERS = [
  -1,
  -0,
  0,
  0.5,
  1,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** Strings that look valid to some route: real ids, enum values, IPs, profile values. */
export function nastyString(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...SQL, ...SCRIPT) },
    { weight: 3, arbitrary: fc.constantFrom(...UNICODE, ...ODD) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
    { weight: 3, arbitrary: fc.constantFrom(...valid) },
  );
}

export function nastyValue(valid: string[], fields: string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: nastyString(valid) },
      { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...NUMBERS)) },
      { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 6 }) },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), tie('value'), {
          maxKeys: 4,
        }),
      },
      // Huge arrays: past the caps (30,000 firms, 43,500 investors) and within them.
      {
        weight: 1,
        arbitrary: fc.constantFrom(60_000, 31_000, 5_000, 500).chain((n) =>
          fc.oneof(
            nastyString(valid).map((s) => Array(n).fill(s.slice(0, 24))),
            fc.constant(Array.from({ length: n }, (_, i) => i)),
          ),
        ),
      },
    ),
  }));
  return value;
}

/** A JSON object with a few of the schemas' field names (deeper validation) or random keys. */
export function nastyObject(valid: string[], fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '', ' ', '$where', 'a.b', 'a[b]') },
  );
  return fc.dictionary(key, nastyValue(valid, fields), { maxKeys: 4 });
}

export interface RawBody {
  /** Exactly what goes on the wire. */
  text: string;
  contentType: string | null;
  what: string;
}

const MALFORMED = [
  '{',
  '}',
  '{"a":',
  '[1,]',
  "{'a':1}",
  '{"a":1}}',
  'NaN',
  '{"limit":NaN}',
  '{"x":Infinity}',
  'undefined',
  '\u0000',
  '{"a":"\\u"}',
  '{"a":"\\ud800"}',
  '"\\',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  'null',
  '[]',
  '""',
  '0',
  'true',
  ' ',
  '\uFEFF{}',
  '{"a":1,}',
  '// comment\n{}',
];

/** Bodies that are not one clean JSON object: broken JSON, duplicate keys, other content types, too large. */
export function rawBody(valid: string[], fields: string[]): fc.Arbitrary<RawBody> {
  const json = 'application/json';
  return fc.oneof(
    fc.constantFrom(...MALFORMED).map((text) => ({ text, contentType: json, what: 'malformed or odd JSON' })),
    // Duplicate keys: the same field twice with different values (JSON.parse keeps the last).
    fc.tuple(fc.constantFrom(...fields), nastyValue(valid, fields), nastyValue(valid, fields)).map(([k, a, b]) => ({
      text: `{${JSON.stringify(k)}:${JSON.stringify(a) ?? 'null'},${JSON.stringify(k)}:${JSON.stringify(b) ?? 'null'}}`,
      contentType: json,
      what: 'duplicate keys',
    })),
    fc
      .tuple(
        nastyObject(valid, fields),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'application/jsonx',
          null,
        ),
      )
      .map(([o, contentType]) => ({
        text: JSON.stringify(o),
        contentType,
        what: `content type ${contentType}`,
      })),
    fc.constantFrom(2.2, 3).map((mb) => ({
      text: JSON.stringify({ vcIds: ['x'.repeat(1024 * 1024 * mb)] }),
      contentType: json,
      what: `${mb} MB body`,
    })),
    fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((text) => ({ text, contentType: json, what: 'random text as JSON' })),
  );
}

/** Query strings: known and unknown keys, repeated keys, nasty values, and raw broken escapes. */
export function queryString(valid: string[], fields: string[]): fc.Arbitrary<string> {
  const enc = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80'; // a lone surrogate as (invalid) UTF-8
    }
  };
  const pair = fc.tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    ),
    nastyString(valid.concat(['1', '25', '100', '0', '-5', '101', 'all', 'processing', '24', '168'])),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(pair, { maxLength: 5 })
        .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v.slice(0, 3000))}`).join('&')),
    },
    // The same key many times (arrays of values, duplicates).
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields), fc.array(nastyString(valid), { minLength: 2, maxLength: 40 }))
        .map(([k, vs]) => vs.map((v) => `${enc(k)}=${enc(v.slice(0, 200))}`).join('&')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        'a[b]=c',
        'a[]=1&a[]=2',
        '&&&',
        '=',
        'a=1=2',
        'page[$gt]=1',
        '__proto__[admin]=1',
        'constructor[prototype][admin]=1',
        '%00=%00',
        `limit=${'9'.repeat(400)}`,
      ),
    },
  );
}
