import { describe, expect, it } from 'vitest';
import {
  changeStaffOrderQuery,
  readStaffOrderQuery,
  type StaffOrderQuery,
  staffOrderFilter,
} from './staff-order-query';

const AGENT = '7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e';
const PRODUCT = '0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4';

const everything: StaffOrderQuery = {
  status: 'Reviewed',
  commission: 'unpaid',
  q: 'Bilal Buyer',
  agentId: AGENT,
  productId: PRODUCT,
  from: '2026-11-01',
  to: '2026-11-23',
  sort: 'commission-high',
  flags: 'flagged',
  view: 'table',
  page: 3,
};

describe('the staff orders query string', () => {
  it('reads the default view from an empty URL and asks the API for nothing but it', () => {
    const query = readStaffOrderQuery(new URLSearchParams(), 'admin');
    expect(query).toEqual({
      status: 'all',
      commission: 'all',
      q: '',
      agentId: '',
      productId: '',
      from: '',
      to: '',
      sort: 'newest',
      flags: 'all',
      view: 'cards',
      page: 1,
    });
    expect(staffOrderFilter(query)).toEqual({});
  });

  it('writes every filter to the URL and reads the same view back', () => {
    const params = changeStaffOrderQuery(new URLSearchParams(), everything);
    expect(params.toString()).toBe(
      'status=Reviewed&commission=unpaid&q=Bilal+Buyer&agent=7f1c2a52-5b7e-4d5f-9a3e-0c4f5b6a7d8e' +
        '&product=0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4&from=2026-11-01&to=2026-11-23&sort=commission-high&flags=flagged&view=table&page=3',
    );
    expect(readStaffOrderQuery(new URLSearchParams(params.toString()), 'admin')).toEqual(everything);
    expect(staffOrderFilter(everything)).toEqual({
      AgentStatus: 'Reviewed',
      comissionStatus: 'unpaid',
      q: 'Bilal Buyer',
      agentId: AGENT,
      productId: PRODUCT,
      from: '2026-11-01',
      to: '2026-11-23',
      sort: 'commission-high',
      flagged: 'true',
    });
  });

  it('starts again at page 1 on any change but a page, and leaves defaults out of the URL', () => {
    const current = new URLSearchParams('q=Bilal&sort=oldest&page=4');
    expect(changeStaffOrderQuery(current, { from: '2026-11-01' }).toString()).toBe(
      'q=Bilal&sort=oldest&from=2026-11-01',
    );
    expect(changeStaffOrderQuery(current, { page: 5 }).toString()).toBe('q=Bilal&sort=oldest&page=5');
    expect(changeStaffOrderQuery(current, { sort: 'newest', q: '  ' }).toString()).toBe('');
    expect(changeStaffOrderQuery(current, { view: 'cards', page: 1 }).toString()).toBe('q=Bilal&sort=oldest');
  });

  it('gives only an admin the flagged chip (fraud signals)', () => {
    const params = new URLSearchParams('flags=flagged');
    expect(staffOrderFilter(readStaffOrderQuery(params, 'admin'))).toEqual({ flagged: 'true' });
    expect(staffOrderFilter(readStaffOrderQuery(params, 'manager'))).toEqual({});
    expect(readStaffOrderQuery(new URLSearchParams('flags=maybe'), 'admin').flags).toBe('all');
  });

  it('keeps text, ids and dates as written, so the server can say what is wrong with them', () => {
    const query = readStaffOrderQuery(
      new URLSearchParams('agent=not-an-id&from=2026-11-23&to=2026-11-01&q=%20x%20'),
      'admin',
    );
    expect(staffOrderFilter(query)).toEqual({ agentId: 'not-an-id', from: '2026-11-23', to: '2026-11-01', q: 'x' });
  });

  it('falls back to the default for an unknown chip, sort, view or page, and gives a manager no commission filter', () => {
    const params = new URLSearchParams('status=Cancelled&commission=paid&sort=cheapest&view=grid&page=-2');
    expect(readStaffOrderQuery(params, 'admin')).toMatchObject({
      status: 'cancelled',
      commission: 'paid',
      sort: 'newest',
      flags: 'all',
      view: 'cards',
      page: 1,
    });
    expect(readStaffOrderQuery(params, 'manager').commission).toBe('all');
    expect(readStaffOrderQuery(new URLSearchParams('status=shipped'), 'admin').status).toBe('all');
  });
});
