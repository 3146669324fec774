import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Secrets generated on first start (JWT signing key, VAPID keys) so every instance shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The first answer to each (user, Idempotency-Key), kept at least 48 hours so that a queued change
 * replayed by a device that went offline is applied once and answered the same way again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Sessions ended on the server before their token expired (sign-out): a token whose id (jti) is here
 * is refused. Kept until the token would have expired anyway, then swept.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenId: text('token_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Who moved what through a workflow, from which status to which, and why: one row per transition,
 * written in the transition's transaction. Append-only: the database refuses to change or remove a row.
 */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The workflow table's name (domain/rules: `appointment`…). */
    workflow: text('workflow').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    /** Null when the system acted (a scheduled job). */
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_entity_idx').on(t.workflow, t.entityId, t.at)],
);
