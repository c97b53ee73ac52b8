import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createZip } from './zip';

/** Reads a ZIP through its central directory, as unzip tools do. */
function readZip(zip: Buffer): Record<string, Buffer> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  const out: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + size);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(crc32(data) >>> 0).toBe(crc);
    out[name] = data;
    p += 46 + nameLen;
  }
  return out;
}

describe('createZip', () => {
  const entries = [
    { name: 'proof.json', data: Buffer.from(JSON.stringify({ a: 'x'.repeat(1000) })) },
    { name: 'screenshot.png', data: randomBytes(5000) }, // incompressible: stored
    { name: 'page.html', data: Buffer.from('<html><body>Merci — reçu ✓</body></html>') },
    { name: 'empty.txt', data: Buffer.alloc(0) },
  ];

  it('holds every entry byte for byte, deflated when that is smaller', () => {
    const zip = createZip(entries);
    const got = readZip(zip);
    expect(Object.keys(got)).toEqual(entries.map((e) => e.name));
    for (const e of entries) expect(got[e.name]!.equals(e.data), e.name).toBe(true);
    expect(zip.length).toBeLessThan(entries.reduce((n, e) => n + e.data.length, 0) + 600);
  });

  it('is read by the system unzip where one is installed', () => {
    if (!existsSync('/usr/bin/unzip')) {
      console.log('[skip] unzip check: /usr/bin/unzip is not installed');
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'fp-zip-'));
    try {
      writeFileSync(path.join(dir, 'a.zip'), createZip(entries));
      execFileSync('/usr/bin/unzip', ['-q', '-o', path.join(dir, 'a.zip'), '-d', path.join(dir, 'out')]);
      for (const e of entries) expect(readFileSync(path.join(dir, 'out', e.name)).equals(e.data), e.name).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
