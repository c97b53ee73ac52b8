import type { Readable } from 'node:stream';

/**
 * The file storage port: bytes by key (pitch decks, proof of applications). The embedded default is
 * a folder under DATA_DIR; production is any S3-compatible store (S3_URL). Both pass
 * backend/test/storage.contract.ts.
 */
export interface FileStorage {
  readonly kind: 'folder' | 's3';
  /** Writes the whole object or nothing (a reader never sees half a file); replaces an existing key. */
  put(key: string, body: Buffer, opts?: { contentType?: string }): Promise<void>;
  /** The object's bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream (large downloads), or null when there is no such key. */
  stream(key: string): Promise<Readable | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export class InvalidStorageKey extends Error {}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Keys are '/'-separated segments of letters, digits, '.', '_' and '-' (never starting with '.'),
 * at most 512 characters: no '..', no absolute paths, nothing that could leave the folder or
 * mean different objects on different stores.
 */
export function assertKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512)
    throw new InvalidStorageKey(`Invalid storage key: ${JSON.stringify(key)}`);
  for (const s of key.split('/'))
    if (!SEGMENT.test(s)) throw new InvalidStorageKey(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A list prefix: empty, or a key-like string (a trailing '/' allowed, a partial last segment allowed). */
export function assertPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertKey(trimmed);
  return prefix;
}
