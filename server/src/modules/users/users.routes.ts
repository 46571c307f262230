import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userAdminRoutes } from './user-admin.routes.ts';
import { userListRoutes } from './user-list.routes.ts';
import { userPasswordsRoutes } from './user-passwords.routes.ts';
import { userProfileRoutes } from './user-profile.routes.ts';

/** The users module's routes, one file per group. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userProfileRoutes);
  await app.register(userPasswordsRoutes);
  await app.register(userAdminRoutes);
  await app.register(userListRoutes);
};
