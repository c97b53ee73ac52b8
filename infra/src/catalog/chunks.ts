/** Groups any iterable into arrays of `size` (the last may be shorter), e.g. for batch inserts. */
export function* inChunks<T>(source: Iterable<T>, size: number): Generator<T[], void, undefined> {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  let chunk: T[] = [];
  for (const item of source) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
