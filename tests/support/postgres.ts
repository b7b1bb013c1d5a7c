import { dropDatabase, freshDatabaseUrl } from './postgres-cluster.mjs';

/**
 * The cluster the PostgreSQL run of the suite uses (`npm test` starts one, see postgres-cluster.mjs); unset, every
 * test runs on a SQLite file.
 */
export const testPostgresUrl = (): string | undefined => process.env.TEST_POSTGRES_URL || undefined;

export const onPostgres = testPostgresUrl() !== undefined;

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database in the cluster, as a fresh SQLite file is for the SQLite run. */
export async function freshPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const url = await freshDatabaseUrl(adminUrl);
  return { url, drop: () => dropDatabase(adminUrl, url) };
}

/** The environment that points a server at a fresh database of the test cluster; none on the SQLite run. */
export async function testDatabaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) return { env: {}, drop: async () => undefined };
  const database = await freshPostgresDatabase(adminUrl);
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}
