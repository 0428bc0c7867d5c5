import type { User } from '../contract/schemas';

export const agentUser: User = {
  _id: 'agent-1',
  id: 'agent-1',
  name: 'Andy Agent',
  firstName: 'Andy',
  lastName: 'Agent',
  email: 'agent@example.com',
  role: 'agent',
  phoneNumber: '+923001234567',
  gender: 'male',
  state: 'pakistan',
  city: 'Lahore',
  referralName: '',
  referralContact: '',
  referralUserId: null,
  status: 'approved',
  createdAt: '2024-01-01T00:00:00.000Z',
};
