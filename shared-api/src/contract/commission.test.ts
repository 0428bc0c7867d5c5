import { describe, expect, it } from 'vitest';
import { canMoveAgentStatus, nextAgentStatuses, sumCommission } from './commission';

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

describe('sumCommission', () => {
  it('adds commissions in paisa, so the total has no floating-point drift', () => {
    expect(sumCommission([{ comission: 0.1 }, { comission: 0.2 }])).toBe(0.3);
    expect(sumCommission([{ comission: 150 }, { comission: 200.55 }, { comission: 99.45 }])).toBe(450);
    expect(sumCommission([])).toBe(0);
  });
});
