import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { id, timestamps } from './columns.ts'

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    status: text('status').notNull().default('active'),
    sysLang: text('sys_lang').notNull().default('CZ'),
    country: text('country'),
    businessclientId: uuid('businessclient_id').references(() => businessClients.id, {
      onDelete: 'set null',
    }),
    lastSigninAt: timestamp('last_signin_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_businessclient_idx').on(t.businessclientId),
    check('users_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('users_sys_lang_check', sql`${t.sysLang} in ('ENG', 'RO', 'CZ', 'SK', 'RU')`),
    check(
      'users_roles_check',
      sql`cardinality(${t.roles}) > 0 and ${t.roles} <@ array['admin','operator','finance','client']::text[]`,
    ),
  ],
)

/** Who did a sensitive thing (login-as, user changes), to whom, when, from where. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
)

/**
 * Consecutive failed sign-ins per username (lower-cased, whether or not such a user exists) and the lock
 * they earned: the limit a caller cannot get around by changing its address. A success clears the row.
 */
export const signinFailures = pgTable('signin_failures', {
  usernameKey: text('username_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})
