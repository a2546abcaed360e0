import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../src/shared/contracts/account';
import { can } from '../../src/shared/resources/resource';
import {
  contactFormsResource,
  OPEN_STATES,
  SOURCE_LABELS,
  type Source,
} from '../../src/shared/resources/contactForms';
import { itemPath, ROUTES } from '../../src/shared/routes';
import type { Executor } from '../db/client';
import { contactForms, permissions, rolePermissions, users } from '../db/schema';
import { overdueCondition } from '../resources/contactForms';
import { dueTimeOf } from './serviceLevel';

/** The permission a user needs to own a message: reading the inbox. */
const INBOX_READ = can(contactFormsResource, 'index');

/** Active users whose role may read the inbox: whom a message may be assigned to. */
const assignable = (db: Executor, also?: SQL) =>
  db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, users.role_id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(eq(users.status, STATUS.active), eq(permissions.name, INBOX_READ), also))
    .$dynamic();

/** Every user a message may be assigned to, by name. */
export async function listAssignees(db: Executor): Promise<{ id: number; name: string }[]> {
  const rows = await assignable(db).orderBy(asc(users.name), asc(users.id));
  return rows.map(({ id, name }) => ({ id, name }));
}

/** The user, when a message may be assigned to them (active, may read the inbox); else null. */
export async function findAssignee(
  db: Executor,
  id: number,
): Promise<{ id: number; name: string; email: string } | null> {
  const [row] = await assignable(db, eq(users.id, id));
  return row ?? null;
}

/** The message as the assignment needs it, locked until the transaction ends (undefined: none). */
export async function lockForAssignment(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: contactForms.id,
      subject: contactForms.subject,
      name: contactForms.name,
      source: contactForms.source,
      created_at: contactForms.created_at,
      updated_at: contactForms.updated_at,
      assignee_id: contactForms.assignee_id,
      due_at: contactForms.due_at,
    })
    .from(contactForms)
    .where(eq(contactForms.id, id))
    .for('update');
  return row;
}

/** A message's due time when it has none yet (it arrived before its source had a service level). */
export const dueTimeFor = (db: Executor, message: { source: Source; created_at: Date }) =>
  dueTimeOf(db, message.source, message.created_at);

/** Tells the new assignee by mail (the job queue, in the assignment's transaction). */
export async function mailAssignee(
  app: FastifyInstance,
  tx: Executor,
  publicUrl: string,
  assignee: { name: string; email: string },
  message: { id: number; subject: string; name: string; source: Source; due_at: Date | null },
  by: string,
): Promise<void> {
  const link = `${publicUrl}${itemPath(ROUTES.contactForms, message.id)}`;
  await app.sendMail(
    {
      to: assignee.email,
      toName: assignee.name,
      subject: `Assigned to you: ${message.subject}`.replace(/[\r\n]+/g, ' '),
      text:
        `Hello ${assignee.name},\n\n${by} assigned you a message of the inbox:\n\n` +
        `  ${message.subject}\n  from ${message.name} (${SOURCE_LABELS[message.source]})\n` +
        (message.due_at ? `  due ${message.due_at.toISOString().replace('T', ' ').slice(0, 16)} UTC\n` : '') +
        `\nOpen it: ${link}\n`,
    },
    { tx },
  );
}

/** The dashboard's inbox counts: New messages, overdue ones, and the caller's open ones. */
export async function inboxCounts(
  db: Executor,
  viewer: number,
): Promise<{ new: number; overdue: number; mine: number }> {
  const total = async (where: SQL | undefined) =>
    (await db.select({ total: count() }).from(contactForms).where(where))[0].total;
  return {
    new: await total(eq(contactForms.state, 'new')),
    overdue: await total(overdueCondition()),
    mine: await total(
      and(eq(contactForms.assignee_id, viewer), inArray(contactForms.state, [...OPEN_STATES])),
    ),
  };
}
