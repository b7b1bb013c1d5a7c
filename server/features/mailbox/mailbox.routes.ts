import { Hono } from 'hono';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { notFound } from '../../http/errors.js';

const EML = /^[\w-]+\.eml$/;

async function parse(outboxDir: string, file: string) {
  const mail = await simpleParser(await readFile(path.join(outboxDir, file)));
  return { id: file, subject: mail.subject ?? '', from: mail.from?.text ?? '', to: [mail.to].flat().map((a) => a?.text ?? '').join(', '), date: mail.date?.toISOString() ?? null, text: mail.text ?? '' };
}

/**
 * /rest/mailbox — the outbox of a machine without SMTP: every mail the app would have sent, newest first,
 * so someone trying the app can click the confirmation link. Mounted only when SMTP_URL is unset.
 */
export function mailboxRoutes(outboxDir: string) {
  const app = new Hono();
  app.get('/', async (c) => {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => EML.test(f)).sort().reverse().slice(0, 200);
    const mails = await Promise.all(files.map((f) => parse(outboxDir, f)));
    return c.json({ mails: mails.map(({ text: _text, ...summary }) => summary) });
  });
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!EML.test(id)) throw notFound();
    return c.json(await parse(outboxDir, id).catch(() => Promise.reject(notFound())));
  });
  return app;
}
