export type { FileStorage } from './port';
export { assertKey, InvalidStorageKey } from './port';
export { createFolderStorage } from './folder';
export { createS3Storage, parseS3Url, type S3Location } from './s3';
