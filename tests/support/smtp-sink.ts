import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface ReceivedMail {
  /** The From header's first address and its display name. */
  from: { name: string; address: string };
  /** The Reply-To header's addresses, comma-separated; empty without one. */
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part; empty when the mail has none. */
  html: string;
  messageId: string;
  /** The RCPT TO addresses of the SMTP envelope: who really gets the mail, whatever the headers say. */
  envelopeTo: string[];
  /** The names of the header lines, lower case, as they arrived. */
  headerNames: string[];
  attachments: ReceivedAttachment[];
  /** When the sink accepted it (ms since the epoch). */
  receivedAt: number;
}

/** A real SMTP server on loopback that keeps every mail it accepts; it can go down and come back on its port. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** Recipients answered with a permanent 550, like an unknown mailbox. */
  readonly rejectRecipients = new Set<string>();
  /** How many times a recipient was rejected. */
  rejected = 0;
  /** The next this-many mails are answered with a temporary 451 after their data was read. */
  temporaryFailures = 0;
  /** Recipients whose mail is read but never answered, like a mail server that hangs. */
  readonly holdRecipients = new Set<string>();
  /** Every mail is read but not answered while set, as if the mail server stalled (until `acceptHeld`). */
  holdAll = false;
  /** How many mails are being held right now. */
  held = 0;
  private readonly heldMails: { accept(): void; refuse(): void }[] = [];
  /** The Message-ID of every mail whose data arrived, accepted or not. */
  readonly attemptedMessageIds: string[] = [];
  private server?: SMTPServer;
  constructor(readonly port: number) {}

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down means down: connections a client keeps open (a pool) are closed soon, not after 30 s.
      closeTimeout: 200,
      onRcptTo: (address, _session, callback) => {
        if (!this.rejectRecipients.has(address.address.toLowerCase())) return callback();
        this.rejected += 1;
        callback(Object.assign(new Error('5.1.1 mailbox unknown'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            const accept = () => {
              this.mails.push(receivedMail(mail, session.envelope.rcptTo));
              callback();
            };
            if (this.holdAll || session.envelope.rcptTo.some((r) => this.holdRecipients.has(r.address.toLowerCase()))) {
              this.held += 1;
              this.heldMails.push({
                accept,
                refuse: () => callback(Object.assign(new Error('4.3.2 shutting down'), { responseCode: 421 })),
              });
              return;
            }
            this.attemptedMessageIds.push(mail.messageId ?? '');
            if (this.temporaryFailures > 0) {
              this.temporaryFailures -= 1;
              return callback(Object.assign(new Error('4.3.0 try again later'), { responseCode: 451 }));
            }
            accept();
          })
          .catch(callback);
      },
    });
    // A client killed in the middle of a mail (as tests do) resets its connection: that is no failure of the sink.
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  /** Answers every held mail with 250, as a slow mail server that took them after all; they count as received. */
  acceptHeld(): void {
    for (const mail of this.heldMails.splice(0)) mail.accept();
    this.held = 0;
  }

  async stop(): Promise<void> {
    for (const mail of this.heldMails.splice(0)) mail.refuse();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Cuts every connection without an answer, like a mail server that crashed in the middle of a delivery. */
  dropConnections(): void {
    for (const connection of this.server?.connections ?? []) connection._socket.destroy();
  }

  async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching mail within ${timeoutMs} ms (received ${this.mails.length})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function receivedMail(mail: ParsedMail, rcptTo: { address: string }[]): ReceivedMail {
  const from = mail.from?.value[0];
  return {
    from: { name: from?.name ?? '', address: from?.address ?? '' },
    replyTo: (mail.replyTo?.value ?? []).map((a) => a.address).join(', '),
    to: [mail.to]
      .flat()
      .map((a) => a?.text ?? '')
      .join(', '),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    messageId: mail.messageId ?? '',
    envelopeTo: rcptTo.map((r) => r.address),
    headerNames: mail.headerLines.map((h) => h.key),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
    receivedAt: Date.now(),
  };
}
