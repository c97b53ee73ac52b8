// The screens' build stamp: a second start reuses frontend/dist only while no input changed.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frontendBuildIsCurrent, frontendSourcesHash, writeFrontendStamp } from './frontend-stamp.mjs';

let root: string;
const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'stamp-'));
  put('frontend/src/main.tsx', 'render();\n');
  put('frontend/index.html', '<div id="root"></div>\n');
  put('contracts/src/index.ts', 'export const A = 1;\n');
  put('package-lock.json', '{"lockfileVersion":3}\n');
  put('frontend/dist/index.html', '<built/>\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('frontend build stamp', () => {
  it('given no stamp, when asked, then the build is not current', () => {
    expect(frontendBuildIsCurrent(root)).toBe(false);
  });

  it('given a stamp of the current sources, when only mtimes change, then the build is current', () => {
    writeFrontendStamp(root, frontendSourcesHash(root));
    utimesSync(path.join(root, 'frontend/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(frontendBuildIsCurrent(root)).toBe(true);
  });

  it.each([
    ['a source file', 'frontend/src/main.tsx', 'render(<App />);\n'],
    ['a new source file', 'frontend/src/extra.ts', 'export {};\n'],
    ['the contracts the screens import', 'contracts/src/index.ts', 'export const A = 2;\n'],
    ['the lockfile', 'package-lock.json', '{"lockfileVersion":3,"x":1}\n'],
  ])('given a stamp, when %s changes, then the build is stale', (_what, file, text) => {
    writeFrontendStamp(root, frontendSourcesHash(root));
    put(file, text);
    expect(frontendBuildIsCurrent(root)).toBe(false);
  });

  it('given a stamp, when a test file next to the sources changes, then the build stays current', () => {
    writeFrontendStamp(root, frontendSourcesHash(root));
    put('frontend/src/lib/x.unit.test.ts', 'it();\n');
    expect(frontendBuildIsCurrent(root)).toBe(true);
  });

  it('given a stamp but no built page, when asked, then the build is not current', () => {
    writeFrontendStamp(root, frontendSourcesHash(root));
    rmSync(path.join(root, 'frontend/dist/index.html'));
    expect(frontendBuildIsCurrent(root)).toBe(false);
  });
});
