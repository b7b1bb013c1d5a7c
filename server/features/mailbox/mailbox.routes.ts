import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { simpleParser } from 'mailparser';
import type { Deps } from '../../deps.js';
import { isFromThisMachine } from '../../http/client-address.js';
import { notFound } from '../../lib/errors.js';
import { isShown, listOutbox } from './outbox.js';

const readMail = async (outboxDir: string, file: string) => simpleParser(await readFile(path.join(outboxDir, file)));

async function parse(outboxDir: string, file: string) {
  const mail = await readMail(outboxDir, file);
  return {
    id: file,
    subject: mail.subject ?? '',
    from: mail.from?.text ?? '',
    replyTo: mail.replyTo?.text ?? '',
    to: [mail.to]
      .flat()
      .map((a) => a?.text ?? '')
      .join(', '),
    date: mail.date?.toISOString() ?? null,
    text: mail.text ?? '',
    /** The HTML part as sent; the page shows it in a sandbox. */
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((a, index) => ({
      index,
      filename: a.filename ?? `attachment-${index + 1}`,
      contentType: a.contentType,
      size: a.size,
    })),
  };
}

/** The attachment `index` of an outbox mail, as a download. */
async function attachmentOf(outboxDir: string, file: string, index: number) {
  const attachment = (await readMail(outboxDir, file)).attachments[index];
  if (!attachment) throw notFound();
  return attachment;
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));
const givenToken = (query: string | undefined, authorization: string | undefined) =>
  query ?? authorization?.replace(/^Bearer\s+/i, '') ?? '';

/**
 * The outbox holds every admin and confirmation link: with MAILBOX_TOKEN only whoever has the token reads it,
 * else only this machine. Anyone else finds nothing here (404, counted as a wrong link).
 */
const privateOutbox = (token: string | undefined) =>
  createMiddleware(async (c, next) => {
    const allowed = token
      ? sameSecret(givenToken(c.req.query('token'), c.req.header('authorization')), token)
      : isFromThisMachine(c);
    if (!allowed) throw notFound();
    await next();
  });

/**
 * /rest/mailbox — the outbox of a machine without SMTP: every mail the app would have sent, newest first,
 * so someone trying the app can click the confirmation link. Mounted only when SMTP_URL is unset.
 */
export function mailboxRoutes(deps: Deps) {
  const { outboxDir, mailboxToken } = deps.config;
  const app = new Hono();
  app.use('*', privateOutbox(mailboxToken));
  app.get('/', async (c) => {
    const files = await listOutbox(deps.db, outboxDir, 200);
    const mails = await Promise.all(files.map((f) => parse(outboxDir, f.name)));
    return c.json({ mails: mails.map(({ text: _text, html: _html, attachments: _files, ...summary }) => summary) });
  });
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await isShown(deps.db, id))) throw notFound();
    return c.json(await parse(outboxDir, id).catch(() => Promise.reject(notFound())));
  });
  app.get('/:id/attachments/:index', async (c) => {
    const id = c.req.param('id');
    const index = Number(c.req.param('index'));
    if (!Number.isSafeInteger(index) || index < 0 || !(await isShown(deps.db, id))) throw notFound();
    const attachment = await attachmentOf(outboxDir, id, index).catch(() => Promise.reject(notFound()));
    const filename = (attachment.filename ?? `attachment-${index + 1}`).replace(/[^\w.-]+/g, '_');
    return c.body(new Uint8Array(attachment.content), 200, {
      'Content-Type': attachment.contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });
  return app;
}
