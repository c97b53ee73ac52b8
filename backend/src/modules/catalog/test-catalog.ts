import type { VcFirm } from '@fp/contracts';
import { TEST_CATALOG_STREAM } from '@fp/contracts';
import { generateTestFirms } from '@fp/infra';
import { SANDBOX_SITES, type SandboxSite } from '@fp/workflows/sandbox';
import type { AppContext } from '../../platform/context';
import { handleCommand } from '../../platform/decider';
import { testCatalogDecider } from './test-catalog-decider';
import { TEST_FIRM_NOTES } from './test-firm-notes';

/**
 * The test catalog: one firm per sandbox site, its website pointing at that site. The name comes
 * from the site; the description is the founder's note on what they will see and do there (a site
 * without one says only that it is a test firm, never the developers' description).
 */
export function buildTestFirms(sandboxUrl: string, sites: readonly SandboxSite[] = SANDBOX_SITES): VcFirm[] {
  const firms = generateTestFirms(
    sandboxUrl,
    sites.map((s) => s.slug),
  );
  return firms.map((firm, i) => {
    const site = sites[i]!;
    return {
      ...firm,
      vcName: site.name,
      description: TEST_FIRM_NOTES[site.slug] ?? 'A test firm: applying here reaches no real investor.',
    };
  });
}

/**
 * Keeps the test catalog in step with the sandbox address of this process: imports the firms when
 * the address (or the site list) changed, and waits until the read models show them.
 */
export function createTestCatalogSync(
  ctx: Pick<AppContext, 'store' | 'projections' | 'clock'> & { sandboxUrl?: string },
) {
  let synced: string | undefined;
  let running: Promise<void> | undefined;
  const sync = async (url: string) => {
    const r = await handleCommand(
      ctx.store,
      TEST_CATALOG_STREAM,
      testCatalogDecider,
      { type: 'ImportTestFirms', data: { sandboxUrl: url, firms: buildTestFirms(url) } },
      { now: ctx.clock.now(), actor: 'system:test-catalog' },
      { maxRetries: 20 },
    );
    if (r.checkpoint) await ctx.projections.waitFor(r.checkpoint, 30_000);
    synced = url;
  };
  return {
    /** Cheap when nothing changed: safe to call before every test catalog read. */
    async ensure(): Promise<void> {
      const url = ctx.sandboxUrl;
      if (!url || url === synced) return;
      running ??= sync(url).finally(() => {
        running = undefined;
      });
      await running;
      // The address may have changed while syncing.
      if (ctx.sandboxUrl !== synced) await this.ensure();
    },
  };
}
