/** The folder of Debian's newest installed PostgreSQL server binaries, or undefined when none is installed. */
export function postgresBinDir(): string | undefined;
/** Installs Debian's postgresql when it is missing and this is root; answers whether the server binaries are there. */
export function ensurePostgresInstalled(): boolean;
/** Starts a fresh private cluster on a loopback port; `stop` removes every trace. */
export function startPostgresCluster(): Promise<{ url: string; stop(): void }>;
/** A new empty database in the cluster; answers its URL. */
export function freshDatabaseUrl(adminUrl: string): Promise<string>;
/** Drops a database `freshDatabaseUrl` made, even while a server still holds connections to it. */
export function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void>;
