import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './connection.js';
import { writeTransaction } from './transaction.js';

const db = openDatabase({ file: path.join(mkdtempSync(path.join(tmpdir(), 'rd-trx-')), 'test.sqlite') });
await migrateToLatest(db);
afterAll(() => db.destroy());

const activityCount = async () =>
  Number(
    (
      await db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a write transaction', () => {
  it('runs the hooks registered in it once it committed, in order, and answers what the work answered', async () => {
    const seen: string[] = [];
    const answer = await writeTransaction(db, async (trx) => {
      trx.afterCommit(() => seen.push('first'));
      trx.afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual(['first', 'second']);
  });

  it('runs no hook and keeps nothing when the work fails', async () => {
    const seen: string[] = [];
    const before = await activityCount();
    await expect(
      writeTransaction(db, async (trx) => {
        trx.afterCommit(() => seen.push('hook'));
        await trx
          .insertInto('activity')
          .values({
            id: 'x',
            running_dinner_id: 'no such dinner',
            type: 'T',
            origin: 'SYSTEM',
            details: '{}',
            created_at: '',
          })
          .execute();
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect(seen).toEqual([]);
    expect(await activityCount()).toBe(before);
  });

  it('lets a failing hook not undo the commit or keep the next hook from running', async () => {
    const seen: string[] = [];
    await writeTransaction(db, async (trx) => {
      trx.afterCommit(() => {
        throw new Error('hook failed');
      });
      trx.afterCommit(() => seen.push('next'));
    });
    expect(seen).toEqual(['next']);
  });
});
