import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@fp/infra';
import { startTestApp, type TestApp } from '../src/testing/app';
import { unsubscribeToken } from '../src/modules/mail/unsubscribe-token';

// What mail providers send for RFC 8058 one-click unsubscribes (their HTTP libraries' own agents).
const PROVIDER_AGENTS = ['Go-http-client/1.1', 'Java/17.0.9', 'node', 'Apache-HttpClient/4.5.14 (Java/11.0.21)'];

describe('one-click unsubscribe under the production security settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The production defaults (agent check enforced, auto-block on), not the test app's relaxed ones.
    const production = loadConfig({ APP_ENV: 'production' }).security;
    expect(production.userAgentMode).toBe('block');
    app = await startTestApp({ config: { security: production } });
    expect(app.ctx.config.security.userAgentMode).toBe('block');
  });
  afterAll(async () => app?.close());

  it("answers a mail provider's POST and records no violation; other /api routes still refuse those agents", async () => {
    for (const [i, agent] of PROVIDER_AGENTS.entries()) {
      const email = `provider-${i}-${Date.now()}@example.com`;
      const token = unsubscribeToken(app.ctx.config.authSecret, email, 'notification');
      const res = await fetch(`${app.url}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': agent,
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: 'List-Unsubscribe=One-Click',
      });
      expect({ agent, status: res.status, body: await res.json() }).toEqual({
        agent,
        status: 200,
        body: { unsubscribed: true, email },
      });
    }
    // The check is still on elsewhere: the same agent on another route is refused and recorded.
    const refused = await fetch(`${app.url}/api/plans`, { headers: { 'user-agent': 'Go-http-client/1.1' } });
    expect(refused.status).toBe(403);

    await app.services.security.flush();
    await app.ctx.projections.waitFor();
    const recorded = await app.ctx.db.selectFrom('security_violations').select(['type', 'endpoint']).execute();
    expect(recorded.filter((v) => String(v.endpoint).startsWith('/api/mail/unsubscribe'))).toEqual([]);
    expect(recorded.filter((v) => v.type === 'user_agent').map((v) => v.endpoint)).toEqual(['/api/plans']);
  });
});
