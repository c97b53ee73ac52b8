import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRecap } from './recap';
import type { ApplyResult } from '../automation/types';

const result = {
  status: 'completed',
  summary: 'Application submitted',
  confirmationText: 'Thanks!',
  fieldsFilled: [],
  error: null,
} as unknown as ApplyResult;

/** An OpenAI-compatible endpoint answering one fixed sentence (or an error). */
async function llm(answer: { status: number; content?: string }) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: answer.content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('the recap says who wrote it', () => {
  it('is the rule-based analysis, marked rules, without a language model', async () => {
    const r = await createRecap({})(result, { firmName: 'Granite Growth' });
    expect(r.source).toBe('rules');
    expect(r.text.length).toBeGreaterThan(0);
  });

  it("is marked llm only when the model's own words are used", async () => {
    const ok = await llm({ status: 200, content: 'The application arrived.' });
    try {
      expect(await createRecap({ llmUrl: ok.url })(result, { firmName: 'Granite Growth' })).toEqual({
        text: 'The application arrived.',
        source: 'llm',
      });
    } finally {
      await ok.close();
    }
    const down = await llm({ status: 500 });
    try {
      expect((await createRecap({ llmUrl: down.url })(result, { firmName: 'Granite Growth' })).source).toBe('rules');
    } finally {
      await down.close();
    }
  });
});
