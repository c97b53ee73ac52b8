import { describe, expect, it } from 'vitest';
import { WorkerSlots } from './slots';

const run = (n: number) => ({ submissionId: `s${n}`, attemptId: `a${n}` });
const settled = async <T>(p: Promise<T>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('worker slots', () => {
  it('a run waiting for its founder gives its slot back; the next run takes it', async () => {
    const changes: string[] = [];
    const slots = new WorkerSlots({
      slots: 2,
      takeoverMax: 4,
      onChange: (r, held) => changes.push(`${r.attemptId}:${held}`),
    });
    const a = await slots.acquire(run(1));
    const b = await slots.acquire(run(2));
    const c = slots.acquire(run(3));
    expect(await settled(c)).toBe(false);
    expect(a.pause()).toBe(true);
    expect(await settled(c)).toBe(true);
    expect([slots.busy, slots.paused]).toEqual([2, 1]);
    expect(changes).toEqual(['a1:true', 'a2:true', 'a1:false', 'a3:true']);
    b.release();
    (await c).release();
    a.release();
    expect([slots.busy, slots.paused, slots.waiting]).toEqual([0, 0, 0]);
  });

  it('a handed-back run takes the next free slot before runs that have not started', async () => {
    const slots = new WorkerSlots({ slots: 1, takeoverMax: 2 });
    const a = await slots.acquire(run(1));
    expect(a.pause()).toBe(true);
    const b = await slots.acquire(run(2));
    const c = slots.acquire(run(3));
    const back = a.resume();
    b.release();
    expect(await settled(back)).toBe(true);
    expect(await settled(c)).toBe(false);
    expect(a.state).toBe('slot');
    a.release();
    expect(await settled(c)).toBe(true);
  });

  it('the takeover pool has its own limit: when it is full a run may not pause (it keeps its slot)', async () => {
    const slots = new WorkerSlots({ slots: 3, takeoverMax: 1 });
    const a = await slots.acquire(run(1));
    const b = await slots.acquire(run(2));
    expect(a.pause()).toBe(true);
    expect(b.pause()).toBe(false);
    expect(b.state).toBe('slot');
    a.release();
    expect(b.pause()).toBe(true);
  });

  it('a stop ends the wait for a slot at once, holding nothing', async () => {
    const slots = new WorkerSlots({ slots: 1, takeoverMax: 1 });
    const a = await slots.acquire(run(1));
    const stop = new AbortController();
    const b = slots.acquire(run(2), stop.signal);
    stop.abort();
    const lease = await b;
    expect(lease.state).toBe('waiting');
    lease.release();
    a.release();
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });
});
