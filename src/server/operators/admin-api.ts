// The operator side's part of the app, in one call for buildApp: the admin API's gate and the log-in
// routes, with the operators' services (operators.ts).
import type { FastifyInstance } from 'fastify';
import { adminRequestsHook } from './admin-requests.ts';
import { operatorAuthRoutes, type AuthRoutesOptions } from './auth-routes.ts';
import type { Operators } from './operators.ts';

export async function registerAdminApi(app: FastifyInstance, operators: Operators, channels?: AuthRoutesOptions['channels']): Promise<void> {
  // On the root instance, so it sees every /api/admin/ request, the inbox's included.
  app.addHook('onRequest', adminRequestsHook(operators.accounts));
  await app.register(operatorAuthRoutes, { ...operators, channels });
}
