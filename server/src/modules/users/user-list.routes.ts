import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdName, ZOptionsQuery, ZUserOption, ZValueOption } from '@portal/shared/select-options';
import { type TUserPage, ZUserFilters, ZUserListQuery, ZUserPage } from '@portal/shared/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { ADMINS, requireActor } from '../../http/access.ts';
import { datedFileName, sendDownload } from '../../http/download-reply.ts';
import { auditListing, auditStreamedListing } from '../../http/listing-audit.ts';
import { openUsersCsv } from './user-csv-export.ts';
import { filtersInCallersDomain, listUsers } from './user-list.ts';
import { listUserOptions, USER_OPTION_LISTS } from './user-options.repository.ts';
import { listDomains, listMemberships, listUserTags } from './users.repository.ts';

/** The patients among a page of users (its listing's audit row, decision 028). */
const patientIdsOf = (page: TUserPage) =>
  page.results.filter((user) => user.subscription_id === MEMBERSHIP.patient).map((user) => user.id);

/** The admin user lists, the CSV export and the option lists of the user forms. */
export const userListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users/',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], querystring: ZUserListQuery, response: { 200: ZUserPage } },
    },
    async (request) =>
      auditListing(
        app.db,
        request,
        'patient.listed',
        await listUsers(app.db, filtersInCallersDomain(requireActor(request), request.query)),
        patientIdsOf,
      ),
  );

  app.get(
    '/api/admin/users/all/inactive/',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        querystring: ZUserListQuery.omit({ active: true }),
        response: { 200: ZUserPage },
      },
    },
    async (request) =>
      auditListing(
        app.db,
        request,
        'patient.listed',
        await listUsers(
          app.db,
          filtersInCallersDomain(requireActor(request), { ...request.query, active: false }),
        ),
        patientIdsOf,
      ),
  );

  app.get(
    '/api/admin/users/export-csv/',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        description: 'CSV of the users matching the list filters, streamed in id order.',
        querystring: ZUserFilters,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Which patients the file named, a row for each batch of it, as the list records its page.
      const csv = await openUsersCsv(
        app.db,
        filtersInCallersDomain(actor, request.query),
        auditStreamedListing(app.db, request, 'patient.listed'),
      );
      await recordAudit(app.db, identityOf(actor, request), {
        action: 'users.exported',
        objectType: 'export',
        objectId: 'csv',
        detail: { ...request.query },
      });
      return sendDownload(request, reply, {
        contentType: 'text/csv; charset=utf-8',
        fileName: datedFileName('users', 'csv'),
        body: csv,
      });
    },
  );

  for (const [path, membershipId] of Object.entries(USER_OPTION_LISTS)) {
    app.get(
      `/api/v1/options/${path}/`,
      {
        config: { access: ADMINS },
        schema: { tags: ['options'], querystring: ZOptionsQuery, response: { 200: z.array(ZUserOption) } },
      },
      async (request) => {
        const options = await listUserOptions(
          app.db,
          membershipId,
          request.query,
          requireActor(request).domainId,
        );
        // The patients' picker names patients: on the trail as the patient lists are.
        return membershipId === MEMBERSHIP.patient
          ? auditListing(app.db, request, 'patient.listed', options, (list) => list.map((o) => o.value))
          : options;
      },
    );
  }

  app.get(
    '/api/v1/options/subscriptions/',
    { config: { access: ADMINS }, schema: { tags: ['options'], response: { 200: z.array(ZValueOption) } } },
    async () => (await listMemberships(app.db)).map((m) => ({ value: m.id, label: m.name })),
  );

  app.get(
    '/api/v1/options/domains/',
    { config: { access: ADMINS }, schema: { tags: ['options'], response: { 200: z.array(ZValueOption) } } },
    async (request) => {
      const { domainId } = requireActor(request);
      return (await listDomains(app.db))
        .filter((d) => domainId === null || d.id === domainId)
        .map((d) => ({ value: d.id, label: d.name }));
    },
  );

  app.get(
    '/api/v1/user-tags/',
    { config: { access: 'signed-in' }, schema: { tags: ['users'], response: { 200: z.array(ZIdName) } } },
    async () => listUserTags(app.db),
  );

  app.get(
    '/api/v1/memberships/',
    { config: { access: 'signed-in' }, schema: { tags: ['users'], response: { 200: z.array(ZIdName) } } },
    async () => listMemberships(app.db),
  );
};
