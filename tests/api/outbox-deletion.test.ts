import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRetention } from '../../server/features/events/event-retention.js';
import { startChildServer } from '../support/child-server.js';
import { adminPath, createBody, createDinner, participantsPath } from '../support/factories.js';
import { createPublicDinner, registeredId } from '../support/registration.js';
import { call, DAY_MS, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { useTestServer } from '../support/use-test-server.js';

// Reliability 25 and issue 8 item 7: deleted personal data leaves the outbox files too, not only the database.

const server = useTestServer();

const outboxFiles = (s: TestServer) => {
  try {
    return readdirSync(path.join(s.dataDir, 'mails'));
  } catch {
    return [];
  }
};
const listed = async (s: TestServer) =>
  (await call(s, 'GET', '/mailbox')).json.mails as { id: string; to: string; subject: string }[];

const readOutbox = (s: TestServer, file: string) => readFileSync(path.join(s.dataDir, 'mails', file), 'utf8');
const filesWith = (s: TestServer, text: string) =>
  outboxFiles(s).filter((f) => f.endsWith('.eml') && readOutbox(s, f).includes(text));

describe('deleting a participant', () => {
  it('removes their mails from the outbox list, its detail and the disk', async () => {
    const dinner = await createPublicDinner(server, createBody({ registrationType: 'PUBLIC' }));
    const email = 'loeschen.bitte@example.org';
    const participantId = await registeredId(server, dinner, { email });
    await until(
      async () => (await listed(server)).some((m) => m.to.includes(email)),
      'the registration mail is in the outbox',
    );
    const mail = (await listed(server)).find((m) => m.to.includes(email))!;
    expect(filesWith(server, email)).toHaveLength(1);

    expect(
      (await call(server, 'DELETE', participantsPath(dinner.adminId, `/participant/${participantId}`))).status,
    ).toBe(204);

    expect((await listed(server)).map((m) => m.to).join()).not.toContain(email);
    expect((await call(server, 'GET', `/mailbox/${mail.id}`)).status).toBe(404);
    await until(() => filesWith(server, email).length === 0, 'the file is deleted');
    expect(outboxFiles(server)).not.toContain(mail.id);
  });
});

describe('the clean-up of a cancelled event', () => {
  it('deletes the mails of the event with its admin link', async () => {
    const before = new Set(outboxFiles(server));
    const dinner = await createPublicDinner(server, createBody({ registrationType: 'PUBLIC' }));
    await registeredId(server, dinner, { email: 'weg.damit@example.org' });
    const newFiles = () => outboxFiles(server).filter((f) => !before.has(f));
    await until(() => newFiles().length === 2, 'the created and the registration mail are in the outbox');
    const files = newFiles();
    expect(files.map((f) => readOutbox(server, f)).join()).toContain('weg.damit@example.org');

    await call(server, 'DELETE', adminPath(dinner.adminId));
    server.clock.advance(3 * DAY_MS);
    try {
      expect((await applyRetention(server.deps)).deleted).toBe(1);
    } finally {
      server.clock.advance(-3 * DAY_MS);
    }

    await until(() => files.every((f) => !outboxFiles(server).includes(f)), 'both files are deleted');
    expect((await listed(server)).map((m) => m.id)).not.toContain(files[0]);
  });
});

describe('a crash while writing an outbox file', () => {
  it('leaves nothing the list shows, and the next start removes the leftovers', async () => {
    const first = await startChildServer();
    await createDinner(first);
    await until(
      async () => (await call(first, 'GET', '/mailbox')).json.mails.length === 1,
      'the created mail is in the outbox',
    );
    await first.stop({ keepData: true });
    const mails = path.join(first.dataDir, 'mails');
    // What a crash leaves: a half-written file beside its final name, and an empty mail file of no known mail.
    const halfWritten = '2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000000.eml.tmp';
    const empty = '2026-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000001.eml';
    writeFileSync(path.join(mails, halfWritten), '');
    writeFileSync(path.join(mails, empty), '');

    const second = await startChildServer({}, { dataDir: first.dataDir });
    try {
      const { json } = await call(second, 'GET', '/mailbox');
      expect(json.mails).toHaveLength(1);
      expect(json.mails[0].subject).toMatch(/wurde erstellt/);
      expect(readdirSync(mails)).not.toContain(halfWritten);
      expect(readdirSync(mails)).not.toContain(empty);
    } finally {
      await second.stop();
    }
  });
});
