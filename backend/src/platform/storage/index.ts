export type { FileStorage } from './port';
export { createFolderStorage } from './folder';
export { createS3Storage, parseS3Url } from './s3';
