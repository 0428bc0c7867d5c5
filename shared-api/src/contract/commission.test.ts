import { describe, expect, it } from 'vitest';
import { canMoveAgentStatus, nextAgentStatuses } from './commission';

describe('nextAgentStatuses', () => {
  it('offers an unpaid order its current status, the later ones and Cancelled', () => {
    expect(nextAgentStatuses('Ordered', 'unpaid')).toEqual(['Ordered', 'Reviewed', 'Feedbacked', 'cancelled']);
  });

  it('offers a paid order only the status it has, since it is closed to its agent', () => {
    expect(nextAgentStatuses('Reviewed', 'paid')).toEqual(['Reviewed']);
    expect(nextAgentStatuses('Feedbacked', 'paid')).toEqual(['Feedbacked']);
  });

  it('leaves the status machine the server checks as it is for a paid order', () => {
    expect(canMoveAgentStatus('Reviewed', 'Feedbacked', 'paid')).toBe(true);
    expect(canMoveAgentStatus('Reviewed', 'cancelled', 'paid')).toBe(false);
  });
});
