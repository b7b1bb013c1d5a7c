import { boundUrl, type Config } from '../config.js';

const isLoopbackHost = (host: string) => /^(127\.|::1$|\[::1\]$|localhost$)/.test(host);

/**
 * Where this machine reads the outbox: PUBLIC_URL when it names this server itself, else the address it is bound to.
 * A PUBLIC_URL that goes through a proxy would not do: the outbox refuses forwarded requests.
 */
function outboxOnThisMachine(config: Config): string {
  const bound = new URL(boundUrl(config.host, config.port));
  const url = new URL(config.publicUrl);
  const sameHost = url.hostname === bound.hostname || (isLoopbackHost(url.hostname) && isLoopbackHost(bound.hostname));
  const direct = url.protocol === 'http:' && url.port === bound.port && sameHost;
  return `${direct ? config.publicUrl : bound.origin}/mailbox`;
}

/** Where the mails go, said at start-up: a forgotten SMTP_URL must not leave the outbox open or unnoticed. */
function mailDestination(config: Config): string {
  if (config.smtpUrl) return 'mail over SMTP';
  if (config.mailboxToken)
    return `mail to the outbox, readable with the token: ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>`;
  const local = outboxOnThisMachine(config);
  if (isLoopbackHost(config.host)) return `mail to the outbox, readable on this machine only: ${local}`;
  return `mail to the outbox, which other machines cannot read (only ${local} on this machine itself); set MAILBOX_TOKEN to read it through ${config.publicUrl}/mailbox?token=<MAILBOX_TOKEN>, or SMTP_URL to send real mail`;
}

/** The line that says the server is up: where it listens, what its links say, where its mail goes. */
export const servingLine = (config: Config) =>
  `running-dinner serving on http://${config.host}:${config.port} (links use ${config.publicUrl}; ${mailDestination(config)})`;
