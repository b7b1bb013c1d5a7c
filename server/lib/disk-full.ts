import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/connection.js';
import { asBookkeeping, writeTransaction } from '../../db/transaction.js';

/** Where the server writes: its database and, without SMTP, the outbox folder. */
type Store = 'database' | 'outbox';

/** A file system that has no room left (ENOSPC), or none for this user (EDQUOT). */
export const isNoSpaceLeft = (error: unknown): boolean =>
  ['ENOSPC', 'EDQUOT'].includes(String((error as NodeJS.ErrnoException)?.code));

/** About the size of a mail with its calendar: what the outbox must still take. */
const OUTBOX_PROBE_BYTES = 64 * 1024;

/**
 * The stores whose writes failed for a full disk, for /healthz: a container runtime must see that this instance
 * cannot store anything. A store counts as full until a write to it succeeds again, and only then is one tried, so a
 * healthy server's health checks write nothing.
 */
export class DiskFullWatch {
  private readonly full = new Set<Store>();

  constructor(private readonly stores: Record<Store, { where: string; tryWrite: () => Promise<void> }>) {}

  /** Notes that a write to `store` failed for a full disk; answers the line that says so. */
  noteFull(store: Store): string {
    this.full.add(store);
    return `the disk of ${this.stores[store].where} is full`;
  }

  /** The lines of the stores that are still full, each tried with a small write. */
  async stillFull(): Promise<string[]> {
    for (const store of [...this.full]) {
      try {
        await this.stores[store].tryWrite();
        this.full.delete(store);
      } catch {
        // Still full (or failing otherwise): it stays noted.
      }
    }
    return [...this.full].map((store) => `the disk of ${this.stores[store].where} is full`);
  }
}

/** A write the database must put on disk (SQLite's WAL, PostgreSQL's table), undone in the same transaction. */
async function tryDatabaseWrite(db: Db): Promise<void> {
  await asBookkeeping(() =>
    writeTransaction(db, async (trx) => {
      await trx.insertInto('rate_limit_hit').values({ limit_name: 'disk_probe', subject: '', at_ms: 0 }).execute();
      await trx.deleteFrom('rate_limit_hit').where('limit_name', '=', 'disk_probe').execute();
    }),
  );
}

async function tryOutboxWrite(outboxDir: string): Promise<void> {
  const probe = path.join(outboxDir, '.disk-probe');
  try {
    await writeFile(probe, Buffer.alloc(OUTBOX_PROBE_BYTES));
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/** `database` names the database as a log line may (no password), `outboxDir` is the outbox folder. */
export const diskFullWatch = (db: Db, { database, outboxDir }: { database: string; outboxDir: string }) =>
  new DiskFullWatch({
    database: { where: database, tryWrite: () => tryDatabaseWrite(db) },
    outbox: { where: outboxDir, tryWrite: () => tryOutboxWrite(outboxDir) },
  });
