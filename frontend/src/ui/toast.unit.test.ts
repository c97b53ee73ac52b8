import { describe, expect, it } from 'vitest';
import { edgeAwayFrom } from './toast';

describe('a toast keeps clear of the control just used', () => {
  it('shows at the bottom for a control in the upper half, at the top for one in the lower half', () => {
    // A search box near the top of an 812-px phone screen; a Save button scrolled to its foot.
    expect(edgeAwayFrom({ top: 120, height: 40 }, 812)).toBe('bottom');
    expect(edgeAwayFrom({ top: 700, height: 44 }, 812)).toBe('top');
    expect(edgeAwayFrom({ top: 390, height: 40 }, 812)).toBe('top');
    expect(edgeAwayFrom({ top: 380, height: 40 }, 812)).toBe('bottom');
  });

  it('keeps the bottom when nothing visible has focus', () => {
    expect(edgeAwayFrom({ top: 700, height: 0 }, 812)).toBe('bottom');
  });
});
