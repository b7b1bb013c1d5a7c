/**
 * The process's write transactions one after another, each waiting at most `timeoutMs` for its turn. On PostgreSQL a
 * transaction waiting for the write lock would hold a pooled connection all the while: queued here instead, they
 * leave the pool to the reads, and only one connection per instance waits for the lock.
 */
export class WriteTurns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly timeoutMs: number) {}

  /** Resolves with the release of the turn; rejects like a lock timeout (isDatabaseBusy) when the turn did not come. */
  take(): Promise<() => void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(Object.assign(new Error(`no turn to write within ${this.timeoutMs} ms`), { code: '55P03' }));
      }, this.timeoutMs);
      this.waiting.push(grant);
    });
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
