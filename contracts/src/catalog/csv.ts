// CSV writing for the angel investor export: RFC 4180 quoting plus formula-injection defence.

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

/** RFC 4180 line break; rows are joined with it and the document ends with it. */
export const CSV_LINE_BREAK = '\r\n';

// Spreadsheet apps evaluate text starting with these as a formula (OWASP 'CSV injection').
const FORMULA_START = /^[=+\-@\t\r]/;
// An international phone number ('+44 20 7946 0000', '+1 (415) 555-0100'): a plus, then only digits,
// spaces, dots, hyphens and brackets. It names no function, cell or command, so it carries no
// formula to defuse, and a leading quote would corrupt the number a founder dials.
const PHONE_NUMBER = /^\+\d[\d\s().-]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell.
 * - null/undefined → empty cell; Date → ISO 8601; non-finite numbers → empty cell.
 * - Text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading single quote so spreadsheet
 *   apps show it as text instead of evaluating it, except a phone number ('+44 20 7946 0000'),
 *   which is written as given. Values of type number/bigint are never prefixed: their text can
 *   only be a plain number such as '-5'.
 * - The cell is quoted when it contains a comma, double quote, CR or LF; quotes are doubled.
 */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value == null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = String(value);
  } else if (typeof value === 'bigint') {
    text = String(value);
  } else if (value instanceof Date) {
    text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  } else {
    text = String(value);
    if (FORMULA_START.test(text) && !PHONE_NUMBER.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record without its line break. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A whole CSV document: records joined by CRLF, ending with CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.length === 0 ? '' : rows.map(csvRow).join(CSV_LINE_BREAK) + CSV_LINE_BREAK;
}
