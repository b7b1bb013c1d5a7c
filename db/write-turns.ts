/**
 * The process's write transactions one after another. On PostgreSQL a transaction waiting for the write lock would
 * hold a pooled connection all the while: queued here instead, they leave the pool to the reads, and only one
 * connection per instance waits for the lock (with its lock_timeout). As with SQLite's one connection, the wait in
 * the process itself has no limit: it is the requests of this instance taking their turns.
 */
export class WriteTurns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /** Resolves with the release of the turn once it is this caller's. */
  take(): Promise<() => void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    };
  }
}
