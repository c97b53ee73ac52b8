import type { Submission } from '@fp/contracts';
import type { TestApp } from '../src/testing/app';
import { SAMPLE_COMPLETE_PROFILE } from '@fp/contracts/testing';

export const COMPLETE_PROFILE = SAMPLE_COMPLETE_PROFILE;

export const testFirmId = (slug: string) => `test_vc_${slug}`;
export const TERMINAL = ['completed', 'failed', 'stopped'];

/**
 * Test founders allow accepting an application's terms for them (Settings → Applications), so sandbox forms
 * with a required agreement complete; the product's default is off (a required agreement is asked).
 */
export const FIXTURE_CHOICES = { acceptTerms: true };
/**
 * What test founders have said yes to before (their answer library): the terms setting covers terms and
 * privacy notices only, so a required statement of fact (orbit-fund's "the information above is
 * accurate") is ticked from the founder's own yes, as after answering it once in a run.
 */
const FIXTURE_STATEMENTS = [{ question: 'I confirm that the information above is accurate', answer: 'Yes' }];

/**
 * A signed-in founder with a complete profile, `credits` credits and `choices` saved in Settings with the
 * fixture's statements answered (null: the product's defaults, nothing answered).
 */
export async function founder(
  app: TestApp,
  credits: number,
  profile: Record<string, string> = COMPLETE_PROFILE,
  choices: Record<string, unknown> | null = FIXTURE_CHOICES,
) {
  const user = await app.createUser();
  const r = await app.api('PATCH', '/api/startup-profile', { token: user.token, body: profile });
  if (r.status !== 200) throw new Error(`profile: ${r.status} ${JSON.stringify(r.body)}`);
  if (choices) {
    const c = await app.api('PUT', '/api/settings/choices', { token: user.token, body: choices });
    if (c.status !== 200) throw new Error(`choices: ${c.status} ${JSON.stringify(c.body)}`);
    for (const body of FIXTURE_STATEMENTS) {
      const a = await app.api('POST', '/api/answers', { token: user.token, body });
      if (a.status !== 201) throw new Error(`answers: ${a.status} ${JSON.stringify(a.body)}`);
    }
  }
  const have = await app.services.credits.balance(user.id);
  if (credits > have) {
    const g = await app.services.credits.grant(user.id, credits - have, 'test credits', null, {
      now: new Date(),
      actor: 'test',
    });
    // Every projection reads past the grant, not only credits': on a busy machine (load about 16) that took over 10 s.
    if (g.checkpoint) await app.ctx.projections.waitFor(g.checkpoint, 30_000);
  }
  return user;
}

export async function waitUntil<T>(
  what: string,
  f: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 150,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function getSubmission(app: TestApp, token: string, id: string): Promise<Submission> {
  const r = await app.api('GET', `/api/submissions/${id}`, { token });
  if (r.status !== 200) throw new Error(`GET submission: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Submission;
}

export const waitForStatus = (app: TestApp, token: string, id: string, statuses: string[], timeoutMs = 90_000) =>
  waitUntil(
    `submission ${id} to be ${statuses.join('/')}`,
    async () => {
      const s = await getSubmission(app, token, id);
      return statuses.includes(s.status) ? s : null;
    },
    timeoutMs,
  );
