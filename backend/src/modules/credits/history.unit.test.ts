import { describe, expect, it } from 'vitest';
import { readableReason } from './history';

describe('credit history reasons', () => {
  it('drops a raw attempt id from refunds written before, and keeps every other reason as written', () => {
    expect(
      readableReason(
        'Refund: application to Ember Capital stopped before it was sent (attempt f115e4e2-75de-4c1a-9d0e-1b2c3d4e5f60)',
      ),
    ).toBe('Refund: application to Ember Capital stopped before it was sent');
    expect(readableReason('Refund: application to Ember Capital failed (attempt 2)')).toBe(
      'Refund: application to Ember Capital failed (attempt 2)',
    );
    expect(readableReason('Credit Pack: 50 credits')).toBe('Credit Pack: 50 credits');
  });
});
