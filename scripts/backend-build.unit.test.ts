// The compiled backend's stamps: a test run starts child processes from dist/ only while each
// package's stamp is its sources' hash (compiled-build.int checks the run does on the real tree).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packageBuildIsCurrent, packageSourcesHash, writePackageStamp } from './backend-build.mjs';

let root: string;
const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'backend-stamp-'));
  put('infra/src/config.ts', 'export const A = 1;\n');
  put('infra/package.json', '{"name":"@fp/infra"}\n');
  put('scripts/compile.mjs', '// compiler\n');
  put('infra/dist/config.js', 'export const A = 1;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('compiled backend stamps', () => {
  it('given no stamp, when asked, then the package is not current', () => {
    expect(packageBuildIsCurrent(root, 'infra')).toBe(false);
  });

  it.each([
    ['a source file', 'infra/src/config.ts', 'export const A = 2;\n'],
    ['a new source file', 'infra/src/more.ts', 'export {};\n'],
    ['its package.json', 'infra/package.json', '{"name":"@fp/infra","x":1}\n'],
    ['the compiler', 'scripts/compile.mjs', '// compiler, changed\n'],
  ])('given a stamp, when %s changes, then the package is stale', (_what, file, text) => {
    writePackageStamp(root, 'infra');
    expect(packageBuildIsCurrent(root, 'infra')).toBe(true);
    put(file, text);
    expect(packageBuildIsCurrent(root, 'infra')).toBe(false);
  });

  it('given a stamp, when a test file beside the sources changes, then the package stays current', () => {
    writePackageStamp(root, 'infra', packageSourcesHash(root, 'infra'));
    put('infra/src/config.unit.test.ts', 'it();\n');
    expect(packageBuildIsCurrent(root, 'infra')).toBe(true);
  });
});
