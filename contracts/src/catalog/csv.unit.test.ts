import { describe, expect, it } from 'vitest';
import { CSV_LINE_BREAK, csvCell, csvRow, toCsv } from './csv';

describe('csvCell', () => {
  it('given plain text, when written, then it is unquoted', () => {
    expect(csvCell('Jane Smith')).toBe('Jane Smith');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['"', '""""'],
  ])('given %j, when written, then it is RFC 4180 quoted: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1-800-FLOWERS', "'+1-800-FLOWERS"],
    ['+44 20 7946 0000+cmd|calc', "'+44 20 7946 0000+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['\r=1', `"'\r=1"`],
  ])('given formula-like text %j, when written, then a single quote neutralises it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each(['+44 20 7946 0000', '+1 (415) 555-0100', '+33.1.23.45.67.89'])(
    'given the phone number %j, when written, then it is kept as given, without a quote',
    (phone) => {
      expect(csvCell(phone)).toBe(phone);
    },
  );

  it('given formula characters later in the text, when written, then nothing is prefixed', () => {
    expect(csvCell('a=b+c')).toBe('a=b+c');
  });

  it('given numbers, when written, then they are plain (never prefixed, even when negative)', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(12n)).toBe('12');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('given null, undefined, booleans and dates, when written, then they become text', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2025-01-02T03:04:05Z'))).toBe('2025-01-02T03:04:05.000Z');
    expect(csvCell(new Date('nope'))).toBe('');
  });
});

describe('csvRow and toCsv', () => {
  it('given mixed values, when a row is written, then cells are joined by commas without a line break', () => {
    expect(csvRow(['Jane', 'a,b', null, 3, '=1'])).toBe(`Jane,"a,b",,3,'=1`);
  });

  it('given an empty row, when written, then it is empty', () => {
    expect(csvRow([])).toBe('');
  });

  it('given a header and rows, when a document is written, then records end with CRLF', () => {
    expect(
      toCsv([
        ['name', 'email'],
        ['Jane', 'j@x.com'],
      ]),
    ).toBe(`name,email${CSV_LINE_BREAK}Jane,j@x.com${CSV_LINE_BREAK}`);
    expect(toCsv([])).toBe('');
  });

  it('given a cell with a line break, when the document is read back naively by record, then the quoted break stays inside one cell', () => {
    const doc = toCsv([
      ['a', 'x\r\ny'],
      ['b', 'z'],
    ]);
    expect(doc).toBe('a,"x\r\ny"\r\nb,z\r\n');
  });
});
