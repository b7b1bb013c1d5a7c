import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailFailureType } from '../../domain/messages/mail-failure.js';
import { failureTypeOfRefusal } from '../../domain/messages/smtp-failure.js';
import { type DiskFullWatch, isNoSpaceLeft } from './disk-full.js';

interface MailToSend {
  /** MAIL_FROM, or its address with a name of the mail's own. */
  from: string | { name: string; address: string };
  /** Whom an answer reaches, when not the sender. */
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** An iCalendar text, attached as a file the mail program offers to put in the calendar. */
  calendar?: string | null;
}

export interface Mailer {
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

/** The mail server refused the mail for good (a 5xx answer): retrying would not help. */
export class PermanentMailError extends Error {
  constructor(
    /** The mail server's own answer. */
    message: string,
    readonly failureType: MailFailureType,
  ) {
    super(message);
  }
}

/** The mail server could not be reached (or hung up) before it answered anything about the mail. */
export class MailServerUnreachableError extends Error {}

/**
 * The outbox could not be written (a full disk, a folder in the way): the server's fault, never the recipient's, so
 * the mail is tried again like one for a mail server out of reach, however long it takes.
 */
class OutboxWriteError extends MailServerUnreachableError {}

/** SMTP 5xx answers are permanent (unknown mailbox, rejected); 4xx answers and network errors are temporary. */
function classify(error: unknown): Error {
  const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string };
  const text = response || message || String(error);
  if (responseCode === undefined) return new MailServerUnreachableError(text);
  return responseCode >= 500 && responseCode < 600
    ? new PermanentMailError(text, failureTypeOfRefusal(text))
    : new Error(text);
}

const CALENDAR_FILE = 'running-dinner.ics';

/** The calendar's own METHOD (PUBLISH, or CANCEL for an evening called off): the attachment's type must name it. */
const calendarMethod = (calendar: string) => /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? 'PUBLISH';

/**
 * The same message for SMTP and the outbox: text and HTML, the calendar attached. The envelope names the one
 * recipient, and the subject stays on one line, whatever the caller passed.
 */
function message(mail: MailToSend): SendMailOptions {
  return {
    from: mail.from,
    replyTo: mail.replyTo,
    to: mail.to,
    envelope: { from: typeof mail.from === 'string' ? mail.from : mail.from.address, to: [mail.to] },
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: mail.calendar
      ? [
          {
            filename: CALENDAR_FILE,
            content: mail.calendar,
            contentType: `text/calendar; charset=utf-8; method=${calendarMethod(mail.calendar)}`,
          },
        ]
      : [],
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** How long one SMTP step may take before the delivery counts as failed (and is retried later). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * Up to `connections` deliveries at once over reused SMTP connections. The pool never retries on its own
 * (`maxRequeues: 0`): a mail it could not hand over fails back to the sender, whose task row decides whether it
 * is tried again, so no mail goes out after its task was deleted. Closing drops the deliveries in flight too:
 * their tasks are back in the queue by then.
 */
export function smtpMailer(
  smtpUrl: string,
  connections: number,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxRequeues: 0,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail(message(mail));
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transport.close({ force: true }),
  };
}

/**
 * The outbox file of a mail: sortable by time, and named by the local part of its Message-ID, which is the task id
 * (with `-r1`, `-r2` … for a mail the organiser sent again).
 */
export const OUTBOX_FILE =
  /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-([\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12})(?:-r\d+)?\.eml$/;
const outboxFileName = (messageId: string, now: Date) =>
  `${now.toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/^<|@.*$/g, '').replace(/[^\w-]/g, '')}.eml`;

/**
 * Without SMTP every mail becomes an .eml file in the outbox, which the /mailbox page shows. A full disk is told to
 * `diskFull` (for /healthz).
 */
export function outboxMailer(outboxDir: string, diskFull: DiskFullWatch): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      const file = path.join(outboxDir, outboxFileName(mail.messageId, new Date()));
      try {
        await mkdir(outboxDir, { recursive: true });
        // Written aside and renamed: a crash never leaves a half-written mail under the name the outbox lists.
        await writeFile(`${file}.tmp`, info.message as Buffer);
        await rename(`${file}.tmp`, file);
      } catch (error) {
        // What a full disk took of the mail is given back.
        await unlink(`${file}.tmp`).catch(() => undefined);
        throw new OutboxWriteError(
          isNoSpaceLeft(error)
            ? diskFull.noteFull('outbox')
            : `the outbox ${outboxDir} cannot be written: ${(error as Error).message}`,
        );
      }
    },
    close: () => transport.close(),
  };
}
