import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { Db } from './connection.js';
import { isPostgres } from './dialect.js';
import type { Database } from './schema.js';
import { WriteTurns } from './write-turns.js';

const turnsOf = new WeakMap<Db, WriteTurns>();

/** On PostgreSQL a write transaction first waits for its turn in the process (see WriteTurns); SQLite's one connection queues them already. */
async function writeTurn(db: Db): Promise<() => void> {
  if (!isPostgres(db)) return () => undefined;
  let turns = turnsOf.get(db);
  if (!turns) {
    turns = new WriteTurns();
    turnsOf.set(db, turns);
  }
  return turns.take();
}

/** A write transaction: what runs in it may ask for work to be done once it committed (never before, never on rollback). */
export type Trx = Transaction<Database> & { afterCommit(hook: () => void): void };

/** Reads take either the database or the caller's transaction. */
export type DbOrTrx = Db | Transaction<Database>;

/**
 * What the write transactions of one unit of work (an HTTP request) committed. A failure after a commit, in a read-back
 * or a second step, must not be answered as if nothing had been written: whoever answers looks here.
 */
export interface Commits {
  count: number;
  /** What the committed work created, named for the answer (e.g. the new event's administration link). */
  created?: Record<string, string>;
}

const currentCommits = new AsyncLocalStorage<Commits>();

/** Runs `fn` with `commits` counting every write transaction committed in it (and in what it awaits). */
export const countingCommits = <T>(commits: Commits, fn: () => T): T => currentCommits.run(commits, fn);

/**
 * Runs `fn` uncounted: its commits are bookkeeping (a rate limit's hit, a disk probe), not the change the request asked
 * for, so a request that fails after them still changed nothing the user can see.
 */
export const asBookkeeping = <T>(fn: () => T): T => currentCommits.exit(fn);

/** Names what the current unit of work created, for an answer that fails after the commit. */
export function noteCreated(created: Record<string, string>): void {
  const commits = currentCommits.getStore();
  if (commits) commits.created = { ...commits.created, ...created };
}

/**
 * Runs `fn` in one transaction that takes the write lock when it begins (see connection.ts), then the hooks
 * registered in it: mail is woken, events are published and files are deleted only for what was committed.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const release = await writeTurn(db);
  let result: T;
  try {
    result = await db
      .transaction()
      .execute((trx) => fn(Object.assign(trx, { afterCommit: (hook: () => void) => void hooks.push(hook) })));
  } finally {
    release();
  }
  const commits = currentCommits.getStore();
  if (commits) commits.count += 1;
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      console.error('after commit:', error);
    }
  }
  return result;
}
