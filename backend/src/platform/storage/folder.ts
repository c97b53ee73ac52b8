import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, assertPrefix, InvalidStorageKey, type FileStorage } from './port';

const TMP = '.tmp';

/**
 * Files in a folder (the embedded default: `DATA_DIR/files`). A write goes to a temporary file in
 * the same folder tree and is renamed into place, so a crash mid-write leaves no half file under a
 * key. Keys cannot leave the folder (checked twice: the key's syntax, then the resolved path).
 */
export function createFolderStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, assertKey(key));
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKey(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };
  const missing = (err: unknown) =>
    (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR';

  async function walk(dir: string, rel: string, out: string[]) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (missing(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw err;
    }
    for (const e of entries) {
      if (!rel && e.name === TMP) continue;
      const key = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), key, out);
      else if (e.isFile()) out.push(key);
    }
  }

  return {
    kind: 'folder',
    async put(key, body) {
      const file = fileOf(key);
      const tmpDir = path.join(base, TMP);
      await Promise.all([mkdir(path.dirname(file), { recursive: true }), mkdir(tmpDir, { recursive: true })]);
      const tmp = path.join(tmpDir, `${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(tmp, body, { flush: true });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async stream(key): Promise<Readable | null> {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      assertPrefix(prefix);
      // Walk only the deepest whole folder the prefix names.
      const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const out: string[] = [];
      await walk(dirPart ? path.join(base, dirPart) : base, dirPart, out);
      return out.filter((k) => k.startsWith(prefix)).sort();
    },
    async close() {},
  };
}
