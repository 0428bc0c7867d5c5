/** Signed-in users for tests (`shared-api/testing/users`): one per role, or a variant of one. */
import type { Role } from '../contract/constants';
import type { User } from '../contract/schemas';

const NAMES: Record<Role, [first: string, last: string]> = {
  admin: ['Ada', 'Admin'],
  manager: ['Mia', 'Manager'],
  agent: ['Andy', 'Agent'],
};

/** An approved user of the role ('Ada Admin', 'Mia Manager', 'Andy Agent'), with overrides. */
export function testUser(role: Role, overrides: Partial<User> = {}): User {
  const [firstName, lastName] = NAMES[role];
  const id = `${role}-1`;
  return {
    _id: id,
    id,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email: `${role}@example.com`,
    role,
    phoneNumber: '+923001234567',
    gender: 'male',
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

export const agentUser: User = testUser('agent');
