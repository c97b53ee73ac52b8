import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/platform/storage/index';

const text = async (s: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

/** The file storage port's contract: the folder under DATA_DIR and S3-compatible storage pass it. */
export function storageContract(name: string, make: () => Promise<FileStorage>) {
  describe(`storage contract: ${name}`, () => {
    let storage: FileStorage;
    // Each run writes under its own prefix, so a shared bucket or folder holds no leftovers that matter.
    const ns = `contract-${randomUUID()}`;
    beforeAll(async () => {
      storage = await make();
    });
    afterAll(async () => {
      for (const k of (await storage?.list(`${ns}/`)) ?? []) await storage.delete(k);
      await storage?.close();
    });

    it('stores bytes under a key and gives the same bytes back, as a Buffer and as a stream', async () => {
      const bytes = randomBytes(300_000);
      await storage.put(`${ns}/a/deck.pdf`, bytes, { contentType: 'application/pdf' });
      expect((await storage.get(`${ns}/a/deck.pdf`))?.equals(bytes)).toBe(true);
      const s = await storage.stream(`${ns}/a/deck.pdf`);
      expect(s).not.toBeNull();
      expect((await text(s!)).equals(bytes)).toBe(true);
    });

    it('replaces an existing key whole', async () => {
      await storage.put(`${ns}/b/file.bin`, Buffer.from('first version, longer than the second'));
      await storage.put(`${ns}/b/file.bin`, Buffer.from('second'));
      expect((await storage.get(`${ns}/b/file.bin`))?.toString()).toBe('second');
    });

    it('answers null for a missing key, and deleting one is not an error', async () => {
      expect(await storage.get(`${ns}/missing/x`)).toBeNull();
      expect(await storage.stream(`${ns}/missing/x`)).toBeNull();
      await storage.delete(`${ns}/missing/x`);
    });

    it('deletes a key', async () => {
      await storage.put(`${ns}/c/gone.txt`, Buffer.from('x'));
      await storage.delete(`${ns}/c/gone.txt`);
      expect(await storage.get(`${ns}/c/gone.txt`)).toBeNull();
      expect(await storage.list(`${ns}/c/`)).toEqual([]);
    });

    it('lists the keys under a prefix, sorted, and nothing outside it', async () => {
      await storage.put(`${ns}/d/2.txt`, Buffer.from('2'));
      await storage.put(`${ns}/d/1.txt`, Buffer.from('1'));
      await storage.put(`${ns}/d/sub/3.txt`, Buffer.from('3'));
      await storage.put(`${ns}/dx/4.txt`, Buffer.from('4'));
      expect(await storage.list(`${ns}/d/`)).toEqual([`${ns}/d/1.txt`, `${ns}/d/2.txt`, `${ns}/d/sub/3.txt`]);
      expect(await storage.list(`${ns}/d`)).toEqual([
        `${ns}/d/1.txt`,
        `${ns}/d/2.txt`,
        `${ns}/d/sub/3.txt`,
        `${ns}/dx/4.txt`,
      ]);
      expect(await storage.list(`${ns}/none/`)).toEqual([]);
    });

    it('stores an empty object', async () => {
      await storage.put(`${ns}/e/empty`, Buffer.alloc(0));
      expect((await storage.get(`${ns}/e/empty`))?.length).toBe(0);
    });

    it('refuses keys that could escape or be read differently by another store', async () => {
      for (const bad of [
        '',
        '../x',
        `${ns}/../../etc/passwd`,
        '/abs',
        `${ns}//double`,
        `${ns}/.hidden`,
        `${ns}/a b`,
        `${ns}/x\\y`,
        `${ns}/trailing/`,
        'k'.repeat(600),
      ]) {
        await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/Invalid storage key/);
        await expect(storage.get(bad), bad).rejects.toThrow(/Invalid storage key/);
        await expect(storage.delete(bad), bad).rejects.toThrow(/Invalid storage key/);
      }
      await expect(storage.list('../')).rejects.toThrow(/Invalid storage key/);
    });
  });
}
