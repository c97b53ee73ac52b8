// Deterministic investor catalog (VC firms, angel investors, test firms) for seeding and benches.
import { generateAngels } from './angels';
import { inChunks } from './chunks';
import { generateVcFirms, type GenerateOptions } from './vc-firms';

export { generateVcFirms, vcFirmAt } from './vc-firms';
export type { GenerateOptions } from './vc-firms';
export { generateAngels } from './angels';
export { generateTestFirms } from './test-firms';
export { inChunks } from './chunks';
/** Catalog sizes from the spec: ~29,000 VC firms; 43,000+ angel investors. */
export const CATALOG_SIZES = { vcFirms: 29_000, angels: 43_500 } as const;
export const DEFAULT_CATALOG_SEED = 6;

const DEFAULT_CHUNK_SIZE = 1_000;

/** Firms in arrays of `chunkSize`, for batch inserts. */
export function generateVcFirmChunks(options: GenerateOptions, chunkSize = DEFAULT_CHUNK_SIZE) {
  return inChunks(generateVcFirms(options), chunkSize);
}
