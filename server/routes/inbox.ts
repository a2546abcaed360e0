import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CONTACT_STATES,
  contactFormsBulkStateSchema,
  contactFormsResource,
} from '../../src/shared/resources/contactForms';
import { can } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import { success } from '../../src/shared/messages';
import { bearer, errorResponses } from '../crud/openapi';
import type { AnyResource } from '../crud/resource';
import { updateRecords } from '../crud/write';
import { contactForms } from '../db/schema';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { contactFormsServer } from '../resources/contactForms';

/**
 * The inbox's routes beyond the machinery's: several messages to one state at once (bulk "mark as
 * read"), and the count of New messages the side menu shows.
 */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  app.put(
    API_PATHS.contactFormsState,
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      bodyLimit: 64 * 1024,
      schema: {
        tags: [contactFormsResource.group],
        summary: 'Set the state of several messages',
        security: bearer,
        body: Type.Object({
          ids: Type.Array(Type.Integer()),
          state: Type.String({ enum: [...CONTACT_STATES] }),
        }),
        response: {
          200: Type.Object({ data: Type.Object({ count: Type.Integer() }), message: Type.String() }),
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const { ids, state } = await parseBody(contactFormsBulkStateSchema, request.body);
      const ctx = { user: currentUser(request) };
      const changed = await app.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: contactForms.id })
          .from(contactForms)
          .where(inArray(contactForms.id, [...new Set(ids)]))
          .for('update');
        await updateRecords(
          tx,
          contactFormsServer as unknown as AnyResource,
          found.map(({ id }) => ({ id, values: { state } })),
          ctx,
        );
        return found.length;
      });
      return { data: { count: changed }, message: success.updated(contactFormsResource.item) };
    },
  );

  app.get(
    API_PATHS.contactFormsCount,
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'index')),
      schema: {
        tags: [contactFormsResource.group],
        summary: 'The number of New messages (the side menu shows it)',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Object({ new: Type.Integer() }) }), ...errorResponses() },
      },
    },
    async () => {
      const [row] = await app.db
        .select({ total: count() })
        .from(contactForms)
        .where(eq(contactForms.state, 'new'));
      return { data: { new: row.total } };
    },
  );
}
