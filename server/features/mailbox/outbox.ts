import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/connection.js';
import { OUTBOX_FILE } from '../../lib/mailer.js';

/** An outbox file and the mail task it was written for (the Message-ID's local part is the task id). */
export interface OutboxFile {
  name: string;
  taskId: string;
}

async function outboxFiles(outboxDir: string): Promise<{ mails: OutboxFile[]; leftovers: string[] }> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const mails = names.flatMap((name) => {
    const taskId = OUTBOX_FILE.exec(name)?.[1];
    return taskId ? [{ name, taskId }] : [];
  });
  return { mails, leftovers: names.filter((name) => name.endsWith('.eml.tmp')) };
}

/** The tasks among `taskIds` whose mail may still be shown: not deleted with their event, not forgotten with their participant. */
async function shownTaskIds(db: Db, taskIds: readonly string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (let i = 0; i < taskIds.length; i += 500) {
    const rows = await db
      .selectFrom('message_task')
      .select('id')
      .where('id', 'in', taskIds.slice(i, i + 500))
      .where('recipient_email', '!=', '')
      .execute();
    for (const row of rows) shown.add(row.id);
  }
  return shown;
}

/** Whether the outbox file `name` may still be shown. */
export async function isShown(db: Db, name: string): Promise<boolean> {
  const taskId = OUTBOX_FILE.exec(name)?.[1];
  return taskId !== undefined && (await shownTaskIds(db, [taskId])).has(taskId);
}

/** The outbox's mails that may still be shown, newest first. */
export async function listOutbox(db: Db, outboxDir: string, limit: number): Promise<OutboxFile[]> {
  const { mails } = await outboxFiles(outboxDir);
  const newestFirst = mails.sort((a, b) => b.name.localeCompare(a.name));
  const shown = await shownTaskIds(
    db,
    newestFirst.slice(0, limit * 2).map((m) => m.taskId),
  );
  return newestFirst.filter((m) => shown.has(m.taskId)).slice(0, limit);
}

/**
 * Deletes the outbox files whose mail is gone from the database (a deleted event, a deleted participant), and
 * at start-up also what a crash left half-written. Called after such deletions commit and at start-up.
 */
export async function sweepOutbox(db: Db, outboxDir: string, { atStartUp = false } = {}): Promise<number> {
  const { mails, leftovers } = await outboxFiles(outboxDir);
  const shown = await shownTaskIds(
    db,
    mails.map((m) => m.taskId),
  );
  const gone = [...mails.filter((m) => !shown.has(m.taskId)).map((m) => m.name), ...(atStartUp ? leftovers : [])];
  await Promise.all(gone.map((name) => unlink(path.join(outboxDir, name)).catch(() => undefined)));
  return gone.length;
}
