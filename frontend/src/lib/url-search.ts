import { MAX_FILTER_VALUES, MAX_PAGE } from '@fp/contracts';
import { z } from 'zod';

/**
 * Pieces of the screens' URL search schemas (each route's `validateSearch`). The router reads
 * `?aumMin=5` as the number 5 and a single `?country=Germany` as a string, so values are taken as
 * text and lists as arrays; anything that does not fit falls back to "not set" (never an error screen).
 */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);

export const textParam = (max: number) => z.preprocess(asText, z.string().max(max)).optional().catch(undefined);

export const listParam = z
  .preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(asText)),
    z.array(z.string().max(200)).max(MAX_FILTER_VALUES),
  )
  .optional()
  .catch(undefined);

export const pageParam = z
  .preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(MAX_PAGE))
  .optional()
  .catch(undefined);

/** Text the router may have read as a number (`?q=12345`), back as the text it was; anything else fails. */
export const textValue = z.union([z.string(), z.number().transform(String)]);
