import { type Kysely, sql } from 'kysely';
import pg from 'pg';

// What only PostgreSQL offers several instances of the app: notifications between them (LISTEN/NOTIFY) and a lock
// held for as long as an instance lives (a session advisory lock). Each holds one connection of its own, outside the
// pool, since both belong to a session.

const RECONNECT_MS = 1_000;
/** TCP keepalive: a connection a NAT or firewall dropped without a word is noticed within a minute, not hours. */
const KEEPALIVE_MS = 10_000;

interface Session {
  close(): Promise<void>;
}

interface SessionHandlers {
  /** Runs on each new connection (`first` on the first); a throw drops the connection and a new one is opened. */
  onConnected(client: pg.Client, context: { first: boolean; isClosed: () => boolean }): Promise<void>;
  /** The connection went (an error, the server, the network); a new one follows. */
  onLost(): void;
}

/**
 * Keeps one connection open: a lost or failed connection is told once (`onLost`) and opened again after a second,
 * until `close`.
 */
function keepSession(url: string, handlers: SessionHandlers): Session {
  let current: pg.Client | null = null;
  let closed = false;
  let connections = 0;
  let timer: NodeJS.Timeout | undefined;
  const isClosed = () => closed;

  function drop(client: pg.Client): void {
    if (current !== client) return;
    current = null;
    handlers.onLost();
    void client.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_MS });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    current = client;
    try {
      await client.connect();
      if (closed) return;
      await handlers.onConnected(client, { first: connections++ === 0, isClosed });
    } catch (error) {
      if (!closed) console.error('database session:', (error as Error).message);
      drop(client);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = current;
      current = null;
      // A silent server never answers the goodbye: wait a moment at most.
      if (last)
        await Promise.race([
          last.end().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 500).unref()),
        ]);
    },
  };
}

/**
 * Calls `onPayload` with every notification on `channel`, from this instance and every other; `listening` resolves
 * once it listens, and `onResumed` runs when it listens again after a lost connection (notifications sent meanwhile
 * were missed).
 */
export function listen(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: () => void,
): Session & { listening: Promise<void> } {
  let listened: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const session = keepSession(url, {
    async onConnected(client, { first }) {
      client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
      await client.query(`LISTEN ${channel}`);
      listened();
      if (!first) onResumed();
    },
    onLost: () => console.error(`lost the notifications of ${channel}; listening again`),
  });
  return { ...session, listening };
}

/**
 * Tries to hold the advisory lock `key` every `retryMs` until it gets it; `onAcquired` runs while it is held and
 * `onLost` when the connection (and with it the lock) went. A dead instance's lock is freed with its connection,
 * so another instance takes over within `retryMs`.
 */
export function holdAdvisoryLock(
  url: string,
  key: number,
  retryMs: number,
  handlers: { onAcquired(): void; onLost(): void },
): Session {
  let held = false;
  let timer: NodeJS.Timeout | undefined;
  const session = keepSession(url, {
    async onConnected(client, { isClosed }) {
      const attempt = async () => {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (isClosed()) return;
        if (rows[0]?.locked) {
          held = true;
          handlers.onAcquired();
          return;
        }
        // A failed try ends the connection: keepSession opens a new one and tries again.
        timer = setTimeout(() => void attempt().catch(() => client.end().catch(() => undefined)), retryMs);
        timer.unref();
      };
      await attempt();
    },
    onLost() {
      clearTimeout(timer);
      if (!held) return;
      held = false;
      handlers.onLost();
    },
  });
  return {
    async close() {
      clearTimeout(timer);
      await session.close();
    },
  };
}

/** Sends a notification to every instance listening on `channel` (this one too), once the statement commits. */
export async function notify(db: Kysely<never>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
