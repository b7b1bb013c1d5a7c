import type { MailServerStatus } from '../../../contract/mail.js';

/** Temporary failures in a row, with no delivery in between, that make an outage. */
const FAILURES_FOR_OUTAGE = 3;
/**
 * The longest retry backoff: while mails wait, some attempt comes within it. A streak older than that says
 * nothing about the mail server now (no mail was tried since), so no outage is shown for it.
 */
const STALE_AFTER_MS = 15 * 60_000;

/** Whether the mail server is down, as the sender's delivery attempts tell it. */
export class MailServerHealth {
  private failuresInARow = 0;
  private firstFailureAt: Date | null = null;
  private lastFailureAt: Date | null = null;

  delivered(): void {
    this.failuresInARow = 0;
    this.firstFailureAt = null;
    this.lastFailureAt = null;
  }

  failedTemporarily(at: Date): void {
    this.failuresInARow += 1;
    this.firstFailureAt ??= at;
    this.lastFailureAt = at;
  }

  status(now: Date): MailServerStatus {
    const recent = this.lastFailureAt !== null && now.getTime() - this.lastFailureAt.getTime() <= STALE_AFTER_MS;
    const outage = recent && this.failuresInARow >= FAILURES_FOR_OUTAGE;
    return { outage, since: outage ? (this.firstFailureAt?.toISOString() ?? null) : null };
  }
}
