import { describe, expect, it } from 'vitest';
import { edgeAwayFrom } from './toast';

describe('a toast keeps clear of the control just used', () => {
  it('shows at the bottom unless the control is in the band a bottom toast covers', () => {
    // A search box near the top of an 812-px phone screen; a Save button scrolled to its foot.
    expect(edgeAwayFrom({ top: 120, height: 40 }, 812)).toBe('bottom');
    expect(edgeAwayFrom({ top: 700, height: 44 }, 812)).toBe('top');
    // Mid-screen (an opener below the filters): a bottom toast does not reach it, and the top keeps clear.
    expect(edgeAwayFrom({ top: 480, height: 40 }, 812)).toBe('bottom');
    expect(edgeAwayFrom({ top: 580, height: 40 }, 812)).toBe('top');
  });

  it('keeps the bottom when nothing visible has focus', () => {
    expect(edgeAwayFrom({ top: 700, height: 0 }, 812)).toBe('bottom');
  });
});
