import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailToSend {
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

export function smtpMailer(smtpUrl: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
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

/** Without SMTP every mail becomes an .eml file in the outbox, which the /mailbox page shows. */
export function outboxMailer(outboxDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^\w-]/g, '').slice(0, 36)}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
