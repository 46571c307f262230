import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patientListsRoutes } from './patient-lists.routes.ts';
import { patientRecordsRoutes } from './patient-records.routes.ts';

/** Every route that answers patients: the lists, and one patient's record. */
export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(patientListsRoutes);
  await app.register(patientRecordsRoutes);
};
