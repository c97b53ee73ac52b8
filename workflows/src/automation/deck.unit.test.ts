import { describe, expect, it } from 'vitest';
import { MAX_DECK_BYTES, pdfProblem } from '.';
import { samplePdf } from '../sandbox';

describe('pdfProblem: a deck is a PDF by its content', () => {
  it('accepts a real PDF whatever it is called', () => {
    expect(pdfProblem(samplePdf())).toBeNull();
  });
  it('refuses other content, an empty file and a file over 25 MB', () => {
    expect(pdfProblem(Buffer.from('PK\x03\x04 a zip renamed deck.pdf'))).toBe('The file is not a PDF.');
    expect(pdfProblem(Buffer.from('%PDF-1.4 but cut off before the end'))).toBe('The file is not a PDF.');
    expect(pdfProblem(Buffer.alloc(0))).toBe('The file is empty.');
    const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX_DECK_BYTES)]);
    expect(pdfProblem(big)).toBe('The deck is larger than 25 MB.');
  });
});
