import { createHash } from 'node:crypto';

// Request-body helpers: the sandbox has no form/multipart plugins, so it parses bodies itself.

/** Flattens a parsed body into field → string; repeated fields (checkbox groups) are joined with ', '. */
export function flatten(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(v)) out[k] = v.map(String).join(', ');
    else if (v && typeof v === 'object') out[k] = JSON.stringify(v);
    else out[k] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

export function parseUrlEncoded(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const prev = out[k];
    if (prev === undefined) out[k] = v;
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Parses multipart/form-data with undici's FormData; a file is recorded as `file:<name>;sha256=<hex of its bytes>`. */
export async function parseMultipart(contentType: string, body: Buffer): Promise<Record<string, string | string[]>> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of form.entries()) {
    const value =
      typeof v === 'string'
        ? v
        : v.name
          ? `file:${v.name};sha256=${createHash('sha256')
              .update(Buffer.from(await v.arrayBuffer()))
              .digest('hex')}`
          : '';
    const prev = out[k];
    if (prev === undefined) out[k] = value;
    else out[k] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
