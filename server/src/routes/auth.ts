import type { FastifyInstance } from 'fastify';
import { type LoginResponse, loginInputSchema, MESSAGES } from 'shared-api/contract';
import { verifyPassword } from '../auth/passwords';
import { HttpError } from '../http-error';
import { findUserByEmail, loadUserJson } from '../users';
import { parseInput } from '../validation';

export default async function authRoutes(app: FastifyInstance) {
  app.post(
    '/login',
    { config: { rateLimit: app.settings.rateLimits.login } },
    async (request): Promise<LoginResponse> => {
      const { email, password } = parseInput(loginInputSchema, request.body);
      const user = await findUserByEmail(app.db, email);
      // Unknown email and wrong password: same answer, same work (no account probing).
      const passwordMatches = await verifyPassword(user?.passwordHash, password);
      if (!user || !passwordMatches) throw new HttpError(401, MESSAGES.invalidCredentials);
      if (user.status !== 'approved') throw new HttpError(403, MESSAGES.pendingLogin);
      return { token: await app.tokens.sign(user), user: await loadUserJson(app.db, user) };
    },
  );
}
