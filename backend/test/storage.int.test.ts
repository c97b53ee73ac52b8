import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFolderStorage, createS3Storage, parseS3Url } from '../src/platform/storage/index';
import { storageContract } from './storage.contract';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fp-storage-'));
  dirs.push(d);
  return d;
};

storageContract('folder under DATA_DIR', async () => createFolderStorage(path.join(tempDir(), 'files')));

describe('folder storage', () => {
  it('leaves nothing but whole files: writes go through a temporary file renamed into place', async () => {
    const root = path.join(tempDir(), 'files');
    const s = createFolderStorage(root);
    await Promise.all(Array.from({ length: 20 }, (_, i) => s.put('same/key.bin', Buffer.alloc(50_000, i))));
    const got = await s.get('same/key.bin');
    // Whichever write won, the file is one of them whole, never a mix.
    expect(got?.length).toBe(50_000);
    expect(new Set(got).size).toBe(1);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
    expect(await s.list('')).toEqual(['same/key.bin']);
  });
});

describe('S3_URL parsing', () => {
  it('reads endpoint, bucket, prefix, region and credentials from the URL', () => {
    expect(parseS3Url('http://AKIA%2F1:s3cr%40t@minio.example:9000/decks/prod/eu?region=eu-west-3', {})).toEqual({
      endpoint: 'http://minio.example:9000',
      bucket: 'decks',
      prefix: 'prod/eu/',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIA/1', secretAccessKey: 's3cr@t' },
    });
    expect(parseS3Url('https://s3.example/bucket', { AWS_REGION: 'us-west-2' })).toEqual({
      endpoint: 'https://s3.example',
      bucket: 'bucket',
      prefix: '',
      region: 'us-west-2',
      credentials: undefined,
    });
    expect(() => parseS3Url('https://s3.example/')).toThrow(/bucket/);
    expect(() => parseS3Url('ftp://s3.example/b')).toThrow(/http/);
  });
});

const s3Url = process.env.S3_URL;
if (!s3Url) {
  console.log(
    '[skip] storage contract against S3-compatible storage: S3_URL is not set (e.g. S3_URL=http://KEY:SECRET@localhost:9000/bucket).',
  );
  describe.skip('storage contract: s3 (S3_URL unset)', () => it('needs S3_URL', () => {}));
} else {
  storageContract(`s3 at ${new URL(s3Url).host}`, async () => createS3Storage(parseS3Url(s3Url)));
}
