import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The one place where SQLite and PostgreSQL differ in what the app writes by hand: everything else is kysely's
 * portable query builder, so the same services run on both.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only the adapter is read
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A claim's row choice: on PostgreSQL the chosen rows are locked and rows another instance is claiming right now are
 * skipped (FOR UPDATE SKIP LOCKED), so concurrent claimers never wait for or take the same row. SQLite has one writer
 * at a time, so its claims cannot meet.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only the adapter is read
export function skipLocked<Q extends { forUpdate(): Q; skipLocked(): Q }>(db: Kysely<any>, query: Q): Q {
  return isPostgres(db) ? query.forUpdate().skipLocked() : query;
}
