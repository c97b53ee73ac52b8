import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, assertPrefix, type FileStorage } from './port';

export interface S3Location {
  endpoint: string;
  bucket: string;
  /** Keys are stored under this prefix ('' or ending in '/'), so one bucket can serve several installs. */
  prefix: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * S3_URL = http(s)://[ACCESS_KEY:SECRET@]host[:port]/bucket[/prefix][?region=REGION]
 * Credentials missing from the URL come from the SDK's usual chain (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, …); the region from `?region=`, else AWS_REGION, else us-east-1.
 */
export function parseS3Url(raw: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const u = new URL(raw);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('S3_URL must start with http:// or https://');
  const [bucket, ...rest] = decodeURIComponent(u.pathname).split('/').filter(Boolean);
  if (!bucket) throw new Error('S3_URL must name the bucket: http(s)://host/bucket');
  const prefix = rest.length ? `${rest.join('/')}/` : '';
  const credentials = u.username
    ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) }
    : undefined;
  return {
    endpoint: `${u.protocol}//${u.host}`,
    bucket,
    prefix,
    region: u.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    credentials,
  };
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** S3-compatible object storage (AWS S3, MinIO, R2, …), path-style addressing. A PUT is atomic on S3. */
export function createS3Storage(loc: S3Location): FileStorage {
  const client = new S3Client({
    endpoint: loc.endpoint,
    region: loc.region,
    forcePathStyle: true,
    credentials: loc.credentials,
  });
  const full = (key: string) => `${loc.prefix}${assertKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, opts) {
      await client.send(
        new PutObjectCommand({
          Bucket: loc.bucket,
          Key: full(key),
          Body: body,
          ContentLength: body.length,
          ContentType: opts?.contentType ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: loc.bucket, Key: full(key) }));
        return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: loc.bucket, Key: full(key) }));
        return (r.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: loc.bucket, Key: full(key) }));
    },
    async list(prefix) {
      assertPrefix(prefix);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const r = await client.send(
          new ListObjectsV2Command({ Bucket: loc.bucket, Prefix: loc.prefix + prefix, ContinuationToken: token }),
        );
        for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key.slice(loc.prefix.length));
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
    },
  };
}
