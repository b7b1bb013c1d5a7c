import { type Kysely, sql } from 'kysely';
import pg from 'pg';

// What only PostgreSQL offers several instances of the app: notifications between them (LISTEN/NOTIFY) and a lock
// held for as long as an instance lives (a session advisory lock). Each holds one connection of its own, outside the
// pool, since both belong to a session.

const RECONNECT_MS = 1_000;

interface Session {
  close(): Promise<void>;
}

/**
 * Keeps one connection open and runs `onConnected` on each new one; a lost connection is opened again after a
 * second, with `onLost` told first.
 */
function keepSession(url: string, onConnected: (client: pg.Client) => Promise<void>, onLost: () => void): Session {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (closed) return;
    timer = setTimeout(connect, RECONNECT_MS);
    timer.unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      onLost();
      retry();
    });
    try {
      await next.connect();
      client = next;
      await onConnected(next);
    } catch (error) {
      if (!closed) console.error('database session:', (error as Error).message);
      await next.end().catch(() => undefined);
      retry();
    }
  }
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** Calls `onPayload` with every notification on `channel`, from this instance and every other; `listening` once it does. */
export function listen(url: string, channel: string, onPayload: (payload: string) => void): Session & { listening: Promise<void> } {
  let listened: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const session = keepSession(
    url,
    async (client) => {
      client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
      await client.query(`LISTEN ${channel}`);
      listened();
    },
    () => console.error(`lost the notifications of ${channel}; listening again`),
  );
  return { ...session, listening };
}

/**
 * Tries to hold the advisory lock `key` every `retryMs` until it gets it; `onAcquired` runs while it is held and
 * `onLost` when the connection (and with it the lock) went. A dead instance's lock is freed with its connection,
 * so another instance takes over within `retryMs`.
 */
export function holdAdvisoryLock(url: string, key: number, retryMs: number, handlers: { onAcquired(): void; onLost(): void }): Session {
  let held = false;
  let timer: NodeJS.Timeout | undefined;
  const session = keepSession(
    url,
    async (client) => {
      const attempt = async () => {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (rows[0]?.locked) {
          held = true;
          handlers.onAcquired();
          return;
        }
        timer = setTimeout(() => void attempt().catch(() => undefined), retryMs);
        timer.unref();
      };
      await attempt();
    },
    () => {
      clearTimeout(timer);
      if (held) handlers.onLost();
      held = false;
    },
  );
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
