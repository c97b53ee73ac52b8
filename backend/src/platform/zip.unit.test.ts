import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readZip } from '../testing/zip';
import { createZip } from './zip';

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
