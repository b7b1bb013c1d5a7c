import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/dialect.js';

interface InsertFailure {
  /** The trigger's name (one at a time per name). */
  name: string;
  table: string;
  message: string;
  /** Fail only once this many rows with the same value in `column` are there (a failure halfway through a batch). */
  afterRowsWithSame?: { column: string; count: number };
  /** PostgreSQL only: the SQLSTATE of the failure, e.g. 'disk_full' (53100) as the server answers a full disk. */
  sqlState?: string;
}

/**
 * Makes the database refuse inserts into a table, as a full disk would, through a trigger in the database's own
 * language; answers how to remove it.
 */
export async function failInsertsInto(
  // biome-ignore lint/suspicious/noExplicitAny: any schema
  db: Kysely<any>,
  { name, table, message, afterRowsWithSame, sqlState }: InsertFailure,
): Promise<() => Promise<void>> {
  const ref = sql.raw;
  const condition = afterRowsWithSame
    ? ref(
        `(select count(*) from ${table} where ${afterRowsWithSame.column} = NEW.${afterRowsWithSame.column}) >= ${afterRowsWithSame.count}`,
      )
    : ref('true');
  if (!isPostgres(db)) {
    await sql`CREATE TEMP TRIGGER ${ref(name)} BEFORE INSERT ON ${ref(table)} WHEN ${condition} BEGIN SELECT RAISE(ABORT, ${ref(`'${message}'`)}); END`.execute(
      db,
    );
    return async () => void (await sql`DROP TRIGGER ${ref(name)}`.execute(db));
  }
  await sql`CREATE FUNCTION ${ref(name)}() RETURNS trigger LANGUAGE plpgsql AS ${ref(`$$ BEGIN IF ${condition.compile(db).sql} THEN RAISE EXCEPTION '${message}'${sqlState ? ` USING ERRCODE = '${sqlState}'` : ''}; END IF; RETURN NEW; END $$`)}`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${ref(name)} BEFORE INSERT ON ${ref(table)} FOR EACH ROW EXECUTE FUNCTION ${ref(name)}()`.execute(
    db,
  );
  return async () => {
    await sql`DROP TRIGGER ${ref(name)} ON ${ref(table)}`.execute(db);
    await sql`DROP FUNCTION ${ref(name)}()`.execute(db);
  };
}
