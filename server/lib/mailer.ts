import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

interface MailToSend {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export interface Mailer {
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

export class PermanentMailError extends Error {}

/** SMTP 5xx answers are permanent (unknown mailbox, rejected): retrying would not help. */
function classify(error: unknown): Error {
  const code = (error as { responseCode?: number }).responseCode;
  const message = (error as Error).message ?? String(error);
  return code !== undefined && code >= 500 && code < 600 ? new PermanentMailError(message) : new Error(message);
}

/** How long one SMTP step may take before the delivery counts as failed (and is retried later). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * One connection per delivery (the sender runs a few at once). No pool: a pooled transport keeps a mail it could
 * not hand over and delivers it later, even after its task was deleted with its participant.
 */
export function smtpMailer(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail(mail);
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transport.close(),
  };
}

/** The outbox file of a mail: sortable by time, and named by the local part of its Message-ID. */
export const OUTBOX_FILE = /^[\dTZ-]+-([\w-]+)\.eml$/;
const outboxFileName = (messageId: string, now: Date) => `${now.toISOString().replace(/[:.]/g, '-')}-${messageId.replace(/^<|@.*$/g, '').replace(/[^\w-]/g, '')}.eml`;

/** Without SMTP every mail becomes an .eml file in the outbox, which the /mailbox page shows. */
export function outboxMailer(outboxDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxFileName(mail.messageId, new Date()));
      // Written aside and renamed: a crash never leaves a half-written mail under the name the outbox lists.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => transport.close(),
  };
}
