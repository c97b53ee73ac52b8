// One way to turn a stored timestamp into the wire's ISO 8601 string: Postgres rows give Date
// objects (or strings, through raw SQL), engines give epoch milliseconds.

type TimeValue = Date | string | number;

/** The timestamp as an ISO 8601 string; a missing value (null or undefined) stays null. */
export function iso(value: TimeValue): string;
export function iso(value: TimeValue | null | undefined): string | null;
export function iso(value: TimeValue | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
