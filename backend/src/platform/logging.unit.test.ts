import { describe, expect, it } from 'vitest';
import { createLogging, prettyStream, traceIdOf, withRunContext } from './logging';

function capture() {
  const lines: Record<string, any>[] = [];
  return { lines, destination: { write: (s: string) => void lines.push(JSON.parse(s)) } };
}

describe('structured logging', () => {
  it('writes JSON lines with the role, level name and time, and turns a [component] prefix into a field', () => {
    const { lines, destination } = capture();
    const logging = createLogging({ role: 'worker', destination });
    logging.log('[submissions] DBOS workflow engine running');
    logging.log('plain message');
    expect(lines[0]).toMatchObject({
      level: 'info',
      role: 'worker',
      component: 'submissions',
      msg: 'DBOS workflow engine running',
    });
    expect(typeof lines[0]!.time).toBe('string');
    expect(lines[1]).toMatchObject({ msg: 'plain message' });
    expect(lines[1]!.component).toBeUndefined();
  });

  it('adds the context of the request or run to every line inside it, across awaits, and nothing outside', async () => {
    const { lines, destination } = capture();
    const logging = createLogging({ role: 'all', destination });
    await logging.withContext({ userId: 'u1', traceId: 'a'.repeat(32) }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      logging.logger.info('inside');
      await logging.withContext({ submissionId: 's1' }, async () => logging.log('[x] nested'));
    });
    logging.logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', userId: 'u1', traceId: 'a'.repeat(32) });
    expect(lines[1]).toMatchObject({ msg: 'nested', userId: 'u1', submissionId: 's1' });
    expect(lines[2]!.userId).toBeUndefined();
  });

  it("runs workflow activities in their run's context (submission and attempt ids)", async () => {
    const { lines, destination } = capture();
    const logging = createLogging({ role: 'worker', destination });
    const acts = withRunContext(
      {
        async apply(run: { submissionId: string; attemptId: string }) {
          await Promise.resolve();
          logging.log(`[submissions] applying ${run.attemptId}`);
          return 'done';
        },
      },
      logging,
    );
    expect(await acts.apply({ submissionId: 'sub-1', attemptId: 'att-2' })).toBe('done');
    expect(lines[0]).toMatchObject({ submissionId: 'sub-1', attemptId: 'att-2', component: 'submissions' });
  });

  it('reads the trace id of a W3C traceparent and refuses malformed or all-zero ones', () => {
    expect(traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(traceIdOf('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined();
    expect(traceIdOf('garbage')).toBeUndefined();
    expect(traceIdOf(undefined)).toBeUndefined();
  });

  it('prints a short readable line in pretty mode', () => {
    let out = '';
    const logging = createLogging({
      role: 'api',
      destination: prettyStream({ write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream),
    });
    logging.withContext({ userId: 'u9' }, () => logging.log('[start] ready'));
    expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  \[start\] ready {2}userId=u9\n$/);
  });
});
