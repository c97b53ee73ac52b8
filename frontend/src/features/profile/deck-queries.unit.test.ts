import { MAX_DECK_BYTES } from '@fp/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/format';
import { deckFileProblem } from './deck-queries';

describe('pitch deck file checks before upload', () => {
  it('refuses an empty file and one over 25 MB with the server’s words, and leaves the PDF check to the server', () => {
    expect(deckFileProblem({ size: 0 })).toBe('The file is empty.');
    expect(deckFileProblem({ size: MAX_DECK_BYTES + 1 })).toBe('The deck is larger than 25 MB. Upload a smaller PDF.');
    expect(deckFileProblem({ size: MAX_DECK_BYTES })).toBeNull();
    expect(deckFileProblem({ size: 1 })).toBeNull();
  });
  it('formats sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(312 * 1024)).toBe('312 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
