// Test VC firms for the test database: one per sandbox site, pointing at that site.
import type { VcFirm } from '@fp/contracts';
import { Draw, hashString } from './random';
import { buildFirm } from './vc-firms';

const STREAM_TEST_VC = 3;
const SLUG = /^[a-z0-9][a-z0-9_-]*$/i;

const draw = new Draw();

/**
 * One test firm per sandbox site slug: id `test_vc_<slug>`, website `<sandboxBaseUrl>/<slug>/`,
 * name from the slug ('acme-ventures' → 'Acme Ventures'), e-mail on `<slug>.example` (a
 * reserved domain, so nothing real is ever contacted). The other fields are seeded from the slug
 * alone, so a firm does not change when sites are added or reordered.
 */
export function generateTestFirms(sandboxBaseUrl: string, sites: readonly string[]): VcFirm[] {
  const base = new URL(sandboxBaseUrl).href.replace(/\/+$/, '');
  const seen = new Set<string>();
  return sites.map((slug) => {
    if (!SLUG.test(slug)) throw new RangeError(`invalid sandbox site slug: ${JSON.stringify(slug)}`);
    if (seen.has(slug)) throw new RangeError(`duplicate sandbox site slug: ${slug}`);
    seen.add(slug);
    draw.reseed(STREAM_TEST_VC, hashString(slug));
    return buildFirm(draw, `test_vc_${slug}`, {
      vcName: slug
        .split(/[-_]+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' '),
      website: `${base}/${slug}/`,
      emailDomain: `${slug.toLowerCase().replace(/_/g, '-')}.example`,
    });
  });
}
