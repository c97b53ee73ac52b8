import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_CLIENT, stripeClient } from './stripe-checkout';

describe("Stripe's client", () => {
  // A local stand-in for Stripe's API: the first call fails with a 500, the next ones answer.
  const seen: Array<{ method?: string; url?: string; idempotencyKey?: string }> = [];
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, idempotencyKey: req.headers['idempotency-key'] as string });
        res.setHeader('content-type', 'application/json');
        if (seen.length === 1) {
          res.statusCode = 500;
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'transient' } }));
        } else
          res.end(JSON.stringify({ id: 'cs_test_retry', object: 'checkout.session', url: 'https://pay.example/x' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('has a timeout shorter than the SDK default of 80 s and network retries', () => {
    expect(STRIPE_CLIENT.timeout).toBeLessThanOrEqual(10_000);
    expect(STRIPE_CLIENT.maxNetworkRetries).toBeGreaterThanOrEqual(2);
    const client = stripeClient('sk_test_client') as unknown as { getApiField(k: string): unknown };
    expect(client.getApiField('timeout')).toBe(STRIPE_CLIENT.timeout);
    expect(client.getApiField('maxNetworkRetries')).toBe(STRIPE_CLIENT.maxNetworkRetries);
  });

  it('retries a failed POST with the same idempotency key and returns the answer', async () => {
    const port = (server.address() as AddressInfo).port;
    const stripe = stripeClient('sk_test_client', { host: '127.0.0.1', port, protocol: 'http' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_x', quantity: 1 }],
      success_url: 'https://app.example/ok',
    });
    expect(session.id).toBe('cs_test_retry');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
    ]);
    expect(seen[0]!.idempotencyKey).toBeTruthy();
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
  });
});
