import type { Config } from '../config.js';

const isLoopbackHost = (host: string) => /^(127\.|::1$|localhost$)/.test(host);

/** Where the mails go, said at start-up: a forgotten SMTP_URL must not leave the outbox open or unnoticed. */
function mailDestination(config: Config): string {
  if (config.smtpUrl) return 'mail over SMTP';
  if (config.mailboxToken)
    return `mail to the outbox, readable with the token: ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>`;
  const local = `http://localhost:${config.port}/mailbox`;
  if (isLoopbackHost(config.host)) return `mail to the outbox, readable on this machine only: ${local}`;
  return `mail to the outbox, which other machines cannot read (only ${local} on this machine itself); set MAILBOX_TOKEN to read it through ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>, or SMTP_URL to send real mail`;
}

/** The line that says the server is up: where it listens, what its links say, where its mail goes. */
export const servingLine = (config: Config) =>
  `running-dinner serving on http://${config.host}:${config.port} (links use ${config.publicUrl}; ${mailDestination(config)})`;
