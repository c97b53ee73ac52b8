import { describe, expect, it } from 'vitest';
import { isDatabaseBusy } from './db';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseBusy', () => {
  it('a busy database: no connection in time, a statement or lock wait over its limit', () => {
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseBusy(pgError('57014'))).toBe(true);
    expect(isDatabaseBusy(pgError('55P03'))).toBe(true);
  });
  it('a database briefly away: restarted, failed over, the connection cut', () => {
    expect(isDatabaseBusy(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseBusy(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseBusy(pgError('08006'))).toBe(true);
    expect(isDatabaseBusy(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseBusy(new Error('Connection terminated unexpectedly'))).toBe(true);
    // wrapped by a library
    expect(isDatabaseBusy(new Error('query failed', { cause: pgError('57P01') }))).toBe(true);
  });
  it('not a wrong request or a bug: a constraint, a syntax error, anything else', () => {
    expect(isDatabaseBusy(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseBusy(pgError('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseBusy(new Error('the automation hit a bug'))).toBe(false);
    expect(isDatabaseBusy(null)).toBe(false);
  });
});
