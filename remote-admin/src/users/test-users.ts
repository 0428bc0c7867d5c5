/** A pending user as GET /api/pendinguser/{id} answers it (signed CNIC links included), for this folder's tests. */
import type { User } from 'shared-api/contract';

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
