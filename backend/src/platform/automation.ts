import { parseAllowedHosts } from '@fp/workflows';
import type { AppContext } from './context';

/** AUTOMATION_ALLOWED_HOSTS plus this process's sandbox (its test firms live on loopback): where the browser may go. */
export function allowedHostsFor(ctx: Pick<AppContext, 'config' | 'sandboxUrl'>): string[] {
  const hosts = parseAllowedHosts(ctx.config.automationAllowedHosts);
  if (ctx.sandboxUrl) {
    const u = new URL(ctx.sandboxUrl);
    hosts.push(u.host);
    if (u.hostname === '127.0.0.1') hosts.push(`localhost:${u.port}`);
  }
  return hosts;
}
