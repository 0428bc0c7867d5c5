import type { Role, User } from 'shared-api/contract';

const NAMES: Record<Role, [string, string]> = {
  admin: ['Ada', 'Admin'],
  manager: ['Mia', 'Manager'],
  agent: ['Andy', 'Agent'],
};

/**
 * A signed-in user of the given role, as GET /api/user answers.
 * @deprecated use `testUser` from `shared-api/testing/users`; this copy goes once its last two users move.
 */
export function userWith(role: Role, overrides: Partial<User> = {}): User {
  const [firstName, lastName] = NAMES[role];
  return {
    _id: `${role}-id`,
    id: `${role}-id`,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email: `${role}@example.com`,
    role,
    phoneNumber: '+923001234567',
    gender: null,
    state: 'pakistan',
    city: 'Lahore',
    referralName: '',
    referralContact: '',
    referralUserId: null,
    status: 'approved',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
