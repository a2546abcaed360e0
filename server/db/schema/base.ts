import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every table carries, declared once. Kept apart from columns.ts (which re-exports
 * them) because `files` uses them and the field groups there refer to `files`.
 */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Who created and last changed a row of a resource (user ids; no foreign key, so deleting a user keeps the history). */
export const audit = {
  created_by: integer('created_by'),
  updated_by: integer('updated_by'),
};

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
