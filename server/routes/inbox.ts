import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CONTACT_LABELS,
  CONTACT_STATES,
  contactFormAssignSchema,
  contactFormsBulkStateSchema,
  contactFormsResource,
  contactFormsWire,
} from '../../src/shared/resources/contactForms';
import {
  contactReplyInputSchema,
  contactReplyWire,
  REPLY_LABELS,
  replyDraftWire,
  replySubject,
} from '../../src/shared/resources/contactReplies';
import {
  BLOCK_LIST_ITEM,
  BLOCK_LIST_KINDS,
  blockLines,
  blockListSchema,
  blockListWire,
  INBOX_SETTINGS_ITEM,
  inboxSettingsSchema,
  inboxSettingsWire,
} from '../../src/shared/resources/inboxSources';
import { can } from '../../src/shared/resources/resource';
import { dataAnswer, writeAnswer } from '../../src/shared/resources/wire';
import { PERMISSIONS } from '../../src/shared/permissions';
import {
  API_PATHS,
  assigneePath,
  contactRepliesPath,
  notSpamPath,
  replyDraftPath,
} from '../../src/shared/routes';
import { format, success } from '../../src/shared/messages';
import { RefSchema } from '../../src/shared/resources/wire';
import type { Config } from '../config';
import { bearer, errorResponses, idParams } from '../crud/openapi';
import { idOf, notFound, type AnyResource } from '../crud/resource';
import { loadItems } from '../crud/revisions';
import { updateRecords } from '../crud/write';
import { contactForms } from '../db/schema';
import {
  draftFromTemplate,
  findRepliedMessage,
  listReplies,
  placeholderValues,
  queueReply,
  workReplies,
} from '../inbox/replies';
import { findInboxSettings, lockInboxSettings, saveInboxSettings } from '../inbox/sources';
import { findBlockList, saveBlockList } from '../inbox/spam';
import { dueTimeFor, findAssignee, listAssignees, lockForAssignment, mailAssignee } from '../inbox/ownership';
import { assertFresh } from '../lib/concurrency';
import { fieldError, HttpError } from '../lib/httpError';
import { actorOf, recordAudit } from '../security/audit';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { contactFormsServer } from '../resources/contactForms';

function assigneesRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.contactFormsAssignees,
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      schema: {
        tags: [contactFormsResource.group],
        summary: 'Whom a message may be assigned to',
        description: 'Active users whose role may read the inbox (contact-forms.index), by name.',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(RefSchema) }), ...errorResponses() },
      },
    },
    async () => ({ data: await listAssignees(app.db) }),
  );
}

function assignRoute(app: FastifyInstance, config: Config): void {
  app.put(
    assigneePath(':id'),
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      bodyLimit: 4 * 1024,
      schema: {
        tags: [contactFormsResource.group],
        summary: 'Assign a message to a staff member (or to nobody)',
        description:
          '`assignee_id`: an active user whose role may read the inbox (else 422), or null for nobody. ' +
          '`updated_at`: the version seen; a stale one → 409. The new assignee is told by mail (not ' +
          'when they assign it to themselves). A message without a due time gets its source’s. Audited.',
        security: bearer,
        params: idParams,
        body: Type.Object({}, { additionalProperties: true }),
        response: {
          200: Type.Object({ data: contactFormsWire, message: Type.String() }),
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request) => {
      const id = idOf(request);
      const input = await parseBody(contactFormAssignSchema, request.body);
      const user = currentUser(request);
      const message = await app.db.transaction(async (tx) => {
        const stored = await lockForAssignment(tx, id);
        if (!stored) throw notFound();
        assertFresh(stored.updated_at, input.updated_at, contactFormsResource.item);
        const assignee = input.assignee_id === null ? null : await findAssignee(tx, input.assignee_id);
        if (input.assignee_id !== null && !assignee)
          throw fieldError('assignee_id', CONTACT_LABELS.assigneeRefused);
        const done = assignee
          ? format(CONTACT_LABELS.assigned, { name: assignee.name })
          : CONTACT_LABELS.unassignedDone;
        // Assigned to whom it already is: nothing changes, nobody is mailed again.
        if ((assignee?.id ?? null) === stored.assignee_id) return done;
        const dueAt = stored.due_at ?? (assignee ? await dueTimeFor(tx, stored) : null);
        await updateRecords(
          tx,
          contactFormsServer as unknown as AnyResource,
          [
            {
              id,
              values: {
                assignee_id: assignee?.id ?? null,
                assigned_at: assignee ? new Date() : null,
                due_at: dueAt,
              },
            },
          ],
          { user },
        );
        await recordAudit(tx, {
          kind: 'contact.assigned',
          actor: actorOf(user),
          resource: contactFormsResource.group,
          recordId: id,
          summary: assignee ? `Message #${id} assigned to ${assignee.name}` : `Message #${id} unassigned`,
          details: { assignee_id: assignee?.id ?? '', previous_assignee_id: stored.assignee_id ?? '' },
        });
        if (assignee && assignee.id !== user.id)
          await mailAssignee(app, tx, config.publicUrl, assignee, { ...stored, due_at: dueAt }, user.name);
        return done;
      });
      const data = (await loadItems(app.db, contactFormsServer as unknown as AnyResource, [id])).get(id);
      return { data, message };
    },
  );
}

function inboxSettingsRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.inboxSettings,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsShow),
      schema: {
        tags: ['settings'],
        summary: "The inbox's settings per website form (the acknowledgement template)",
        security: bearer,
        response: { 200: dataAnswer(inboxSettingsWire), ...errorResponses() },
      },
    },
    async () => ({ data: await findInboxSettings(app.db) }),
  );
}

function saveInboxSettingsRoute(app: FastifyInstance): void {
  app.put(
    API_PATHS.inboxSettings,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsUpdate),
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['settings'],
        summary: "Save the inbox's settings per website form",
        description:
          '`sources`: `{source, acknowledgement_template_id, service_level_days}` (an active reply template, ' +
          'or null for none; the working days a message is due in, 1–60, or null for no due time). ' +
          '`updated_at`: the version the edit started from (null before the first save); a stale one → 409.',
        security: bearer,
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: writeAnswer(inboxSettingsWire), ...errorResponses(409, 422) },
      },
    },
    async (request) => {
      const { sources, updated_at: version } = await parseBody(inboxSettingsSchema, request.body);
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        assertFresh(await lockInboxSettings(tx), version, INBOX_SETTINGS_ITEM);
        await saveInboxSettings(tx, sources, user.id);
        await recordAudit(tx, {
          kind: 'inbox.changed',
          actor: actorOf(user),
          resource: 'settings',
          summary: `Inbox settings changed: ${sources.map((row) => `${row.source} → ${row.acknowledgement_template_id ?? 'none'}, ${row.service_level_days ?? 'no'} working days`).join('; ')}`,
          details: {
            sources: sources.map(
              (row) =>
                `${row.source}:${row.acknowledgement_template_id ?? ''}:${row.service_level_days ?? ''}`,
            ),
          },
        });
      });
      return { data: await findInboxSettings(app.db), message: success.updated(INBOX_SETTINGS_ITEM) };
    },
  );
}

function blockListRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.inboxBlockList,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsShow),
      schema: {
        tags: ['settings'],
        summary: "The inbox's block list (addresses, domains, phrases)",
        security: bearer,
        response: { 200: dataAnswer(blockListWire), ...errorResponses() },
      },
    },
    async () => ({ data: await findBlockList(app.db) }),
  );
}

function saveBlockListRoute(app: FastifyInstance): void {
  app.put(
    API_PATHS.inboxBlockList,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsUpdate),
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['settings'],
        summary: "Save the inbox's block list",
        description:
          '`addresses`, `domains`, `phrases`: arrays of entries (each list at most 500; addresses are ' +
          'e-mail addresses, domains match their subdomains too, phrases 3–200 characters, matched ' +
          'ignoring case and spacing); blanks and repeats are dropped. A public contact message matching ' +
          'one is filed as Spam with the reason. `updated_at`: the version edited (null before the ' +
          'first save); a stale one → 409.',
        security: bearer,
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: writeAnswer(blockListWire), ...errorResponses(409, 422) },
      },
    },
    async (request) => {
      const input = await parseBody(blockListSchema, request.body);
      const lists = Object.fromEntries(
        BLOCK_LIST_KINDS.map((kind) => [kind, blockLines(kind, input[kind].join('\n'))]),
      ) as Record<(typeof BLOCK_LIST_KINDS)[number], string[]>;
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const stored = await findBlockList(tx, true);
        assertFresh(
          stored.updated_at ? new Date(stored.updated_at) : null,
          input.updated_at,
          BLOCK_LIST_ITEM,
        );
        await saveBlockList(tx, lists, user.id);
        await recordAudit(tx, {
          kind: 'inbox.block-list-changed',
          actor: actorOf(user),
          resource: 'settings',
          summary: `Inbox block list changed: ${lists.addresses.length} addresses, ${lists.domains.length} domains, ${lists.phrases.length} phrases`,
          details: {
            addresses: String(lists.addresses.length),
            domains: String(lists.domains.length),
            phrases: String(lists.phrases.length),
          },
        });
      });
      return { data: await findBlockList(app.db), message: success.updated(BLOCK_LIST_ITEM) };
    },
  );
}

function notSpamRoute(app: FastifyInstance): void {
  app.post(
    notSpamPath(':id'),
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      schema: {
        tags: [contactFormsResource.group],
        summary: 'Not spam: a message filed as Spam back to New',
        description:
          'The message moves to New (its spam reasons are kept, to judge the rules); audited. ' +
          'A message that is not Spam → 409.',
        security: bearer,
        params: idParams,
        response: {
          200: Type.Object({ data: contactFormsWire, message: Type.String() }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const message = await findRepliedMessage(tx, id, true);
        if (!message) throw notFound();
        if (message.state !== 'spam') throw new HttpError(409, CONTACT_LABELS.notSpamRefused);
        // Filed as Spam on arrival it got no due time: its service level runs from its arrival.
        const [stored] = await tx
          .select({
            source: contactForms.source,
            created_at: contactForms.created_at,
            due_at: contactForms.due_at,
          })
          .from(contactForms)
          .where(eq(contactForms.id, id));
        const dueAt = stored.due_at ?? (await dueTimeFor(tx, stored));
        await updateRecords(
          tx,
          contactFormsServer as unknown as AnyResource,
          [{ id, values: { state: 'new', due_at: dueAt } }],
          { user },
        );
        await recordAudit(tx, {
          kind: 'contact.not-spam',
          actor: actorOf(user),
          resource: contactFormsResource.group,
          recordId: id,
          summary: `Message #${id} marked as not spam`,
        });
      });
      const data = (await loadItems(app.db, contactFormsServer as unknown as AnyResource, [id])).get(id);
      return { data, message: CONTACT_LABELS.notSpamDone };
    },
  );
}

function repliesRoute(app: FastifyInstance): void {
  app.get(
    contactRepliesPath(':id'),
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'index')),
      schema: {
        tags: [contactFormsResource.group],
        summary: "A message's replies, oldest first, with their delivery",
        security: bearer,
        params: idParams,
        response: { 200: Type.Object({ data: Type.Array(contactReplyWire) }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const [found] = await app.db
        .select({ id: contactForms.id })
        .from(contactForms)
        .where(eq(contactForms.id, id));
      if (!found) throw notFound();
      return { data: await listReplies(app.db, id) };
    },
  );
}

function replyDraftRoute(app: FastifyInstance): void {
  app.get(
    replyDraftPath(':id'),
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      schema: {
        tags: [contactFormsResource.group],
        summary: 'A reply template filled in for this message',
        description:
          "`?template=<id>` of an active template: its subject and text with the sender's name, the " +
          "product asked about and the caller's name in place of `{{sender_name}}`, `{{product}}`, " +
          '`{{staff_name}}`; the subject on one line. 422 on `template` for no such active template.',
        security: bearer,
        params: idParams,
        querystring: Type.Object({ template: Type.Optional(Type.String()) }),
        response: { 200: Type.Object({ data: replyDraftWire }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      const { template } = request.query as { template?: string };
      const message = await findRepliedMessage(app.db, id);
      if (!message) throw notFound();
      const draft =
        template && /^[1-9]\d{0,9}$/.test(template) && Number(template) <= 2 ** 31 - 1
          ? await draftFromTemplate(app.db, Number(template), placeholderValues(message, user))
          : null;
      if (!draft) throw fieldError('template', REPLY_LABELS.templateGone);
      return { data: draft };
    },
  );
}

function replyRoute(app: FastifyInstance): void {
  app.post(
    contactRepliesPath(':id'),
    {
      preValidation: app.requirePermission(can(contactFormsResource, 'update')),
      bodyLimit: 64 * 1024,
      schema: {
        tags: [contactFormsResource.group],
        summary: 'Reply to a message by mail',
        description:
          'Stores the reply and queues its mail to the sender (from the company, subject "Re: " and ' +
          "the message's subject); the message moves to Replied. A message marked as Spam is refused (409).",
        security: bearer,
        params: idParams,
        body: Type.Object({}, { additionalProperties: true }),
        response: {
          201: Type.Object({ data: contactReplyWire, message: Type.String() }),
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const id = idOf(request);
      const input = await parseBody(contactReplyInputSchema, request.body);
      const user = currentUser(request);
      const replyId = await app.db.transaction(async (tx) => {
        const message = await findRepliedMessage(tx, id, true);
        if (!message) throw notFound();
        if (message.state === 'spam') throw new HttpError(409, REPLY_LABELS.spamRefused);
        let subject = replySubject(message.subject);
        if (input.template_id !== null) {
          const draft = await draftFromTemplate(tx, input.template_id, placeholderValues(message, user));
          if (!draft) throw fieldError('template_id', REPLY_LABELS.templateGone);
          subject = draft.subject;
        }
        const queued = await queueReply(app, tx, {
          contactFormId: message.id,
          to: message.email,
          subject,
          body: input.body,
          sender: { id: user.id, name: user.name },
          senderName: user.name,
        });
        if (message.state !== 'replied')
          await updateRecords(
            tx,
            contactFormsServer as unknown as AnyResource,
            [{ id: message.id, values: { state: 'replied' } }],
            { user },
          );
        return queued;
      });
      const data = (await listReplies(app.db, id)).find((row) => row.id === replyId);
      return reply.code(201).send({ data, message: REPLY_LABELS.sent });
    },
  );
}

function bulkStateRoute(app: FastifyInstance): void {
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
        // A message filed as Spam leaves Spam only through Not Spam (audited): such rows stay as they are.
        const found = await tx
          .select({ id: contactForms.id })
          .from(contactForms)
          .where(
            and(
              inArray(contactForms.id, [...new Set(ids)]),
              state === 'spam' ? undefined : ne(contactForms.state, 'spam'),
            ),
          )
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
}

function newCountRoute(app: FastifyInstance): void {
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

/**
 * The inbox's routes beyond the machinery's, one function per route: assignment, the inbox's
 * settings and block list, Not spam, a message's replies by mail, several messages to one state at
 * once (bulk "mark as read") and the count of New messages the side menu shows.
 */
export async function inboxRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  workReplies(app);
  assigneesRoute(app);
  assignRoute(app, config);
  inboxSettingsRoute(app);
  saveInboxSettingsRoute(app);
  blockListRoute(app);
  saveBlockListRoute(app);
  notSpamRoute(app);
  repliesRoute(app);
  replyDraftRoute(app);
  replyRoute(app);
  bulkStateRoute(app);
  newCountRoute(app);
}
