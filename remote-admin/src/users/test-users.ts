/** A pending user as GET /api/pendinguser/{id} answers it (signed CNIC links included), for this folder's tests. */
import type { User, UserDirectoryRow, UserRecord } from 'shared-api/contract';

export function pendingUserFixture(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    id: 'user-1',
    name: 'Sana Khan',
    firstName: 'Sana',
    lastName: 'Khan',
    email: 'sana@example.com',
    role: 'agent',
    phoneNumber: '+923001234567',
    gender: 'female',
    state: 'pakistan',
    city: 'Lahore',
    referralName: 'Ali Raza',
    referralContact: '+923009876543',
    referralUserId: {
      _id: 'ref-1',
      firstName: 'Ali',
      lastName: 'Raza',
      name: 'Ali Raza',
      phoneNumber: '+923009876543',
      email: 'ali@example.com',
    },
    status: 'pending',
    cnicFront: 'http://localhost:8000/api/private/front.png?expires=1&sig=a',
    cnicBack: 'http://localhost:8000/api/private/back.png?expires=1&sig=b',
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/** A row of GET /api/users: an approved agent with some orders, unpaid commission and a flag. */
export function directoryRowFixture(overrides: Partial<UserDirectoryRow> = {}): UserDirectoryRow {
  const { cnicFront: _front, cnicBack: _back, ...user } = pendingUserFixture({ status: 'approved' });
  return {
    ...user,
    statusReason: null,
    counts: { orders: 12, unpaidCommission: 1500, openFlags: 1, products: 0 },
    ...overrides,
  };
}

/** GET /api/users/{id}: the record of an approved agent with a payout account and its approval in the history. */
export function userRecordFixture(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    ...pendingUserFixture({ status: 'approved' }),
    statusReason: null,
    counts: { orders: 12, unpaidCommission: 1500, openFlags: 1, products: 0 },
    payoutAccount: {
      method: 'jazzcash',
      account: '•••• 4567',
      holderName: null,
      updatedAt: '2026-11-21T09:00:00.000Z',
    },
    history: [
      {
        _id: 'event-1',
        at: '2026-11-20T10:00:00.000Z',
        actor: { _id: 'admin-1', name: 'Ada Admin', role: 'admin' },
        type: 'approved',
        reason: null,
        note: null,
        changes: { status: { from: 'pending', to: 'approved' } },
      },
    ],
    ...overrides,
  };
}
