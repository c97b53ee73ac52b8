import { describe, expect, it } from 'vitest';
import { ReadingTracker } from './reading-tracker';

describe('reading tracker', () => {
  it('counts visible time per page and hands it over once', () => {
    let t = 0;
    const r = new ReadingTracker(() => t);
    t = 2000;
    r.show(2);
    t = 7000;
    r.show(3);
    t = 8000;
    expect(r.take()).toEqual([
      { page: 1, seconds: 2 },
      { page: 2, seconds: 5 },
      { page: 3, seconds: 1 },
    ]);
    expect(r.take()).toEqual([]);
  });

  it('does not count a hidden tab', () => {
    let t = 0;
    const r = new ReadingTracker(() => t);
    t = 1000;
    r.setVisible(false);
    t = 60_000;
    r.setVisible(true);
    t = 61_500;
    expect(r.take()).toEqual([{ page: 1, seconds: 2.5 }]);
  });

  it('counts nothing before the first page is drawn', () => {
    let t = 0;
    const r = new ReadingTracker(() => t, true, false);
    t = 4000;
    expect(r.take()).toEqual([]);
    r.markDrawn();
    t = 7000;
    r.markDrawn();
    t = 8000;
    expect(r.take()).toEqual([{ page: 1, seconds: 4 }]);
  });
});
