import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelDraft, CancelResult } from '../../contract/cancel.js';
import { adminPath, createBody } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import { delivered, ordered, paymentsPath, setPrice, stripeEnv } from '../support/payments.js';
import { createPublicDinner } from '../support/registration.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { type StripeFake, startStripeFake } from '../support/stripe-fake.js';
import { dinnerWithParticipants, dinnerWithTeams, insertParticipants } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';
import { useTestServer } from '../support/use-test-server.js';

// Issue 25: cancelling with a word. The organiser's message goes, in the transaction that cancels the event, to every
// confirmed participant (in a team or on the waiting list) once, with the footer in the reader's language; whom a
// route mail reached gets the evening's calendar entries cancelled; the personal pages say cancelled with the message.

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const cancelPath = (adminId: string, suffix = '') => `${adminPath(adminId)}/cancel${suffix}`;

interface CalendarEvent {
  uid: string;
  sequence: number;
  status: string | null;
}

function calendarOf(content: string): { method: string; events: CalendarEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((e) => ({
      uid: String(e.getFirstPropertyValue('uid')),
      sequence: Number(e.getFirstPropertyValue('sequence') ?? 0),
      status: (e.getFirstPropertyValue('status') as string | null) ?? null,
    })),
  };
}

const selfLinkOf = (text: string) => {
  const [, selfAdminId, participantId, teamId] = text.match(
    /https?:\/\/\S+\/self\/([^/\s]+)\/dinnerroute\/([^/\s]+)\/([^/\s]+)/,
  )!;
  return { selfAdminId, participantId, teamId };
};

describe('cancelling with a message', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({
      MAIL_RATE_PER_SECOND: '1000',
      MAIL_CONCURRENCY: '8',
      MAIL_MAX_PER_EVENT_PER_DAY: '45',
    }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  it('mails every confirmed participant and waiting-list person once, cancels the route calendar and says so on the personal pages', async () => {
    const { dinner } = await dinnerWithTeams(server, 18, { body: createBody({ languageCode: 'en' }) });
    // After the teams: two confirmed on the waiting list (German), one who never confirmed.
    const waiting = await insertParticipants(server, dinner.id, 2, () => ({ language_code: 'de' }));
    const [unconfirmed] = await insertParticipants(server, dinner.id, 1, () => ({ activated_at: null }));
    await confirmOrganiser(server, dinner.id);
    const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
    const sent = await call(server, 'PUT', messagesPath(dinner.adminId, '/mails/dinnerroute?sendToDinnerOwner=false'), {
      ...templates.DINNER_ROUTE,
      subject: 'Your route',
      teamSelection: 'ALL',
    });
    expect(sent.status, sent.text).toBe(201);
    const routeMails = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject === 'Your route');
      return arrived.length === 18 && arrived;
    }, 'the 18 route mails');

    const draft: CancelDraft = (await call(server, 'GET', cancelPath(dinner.adminId))).json;
    expect(draft).toMatchObject({ recipients: 20, messagingLocked: false, paidRegistrations: 0 });
    expect(draft.subject).toContain('is cancelled');
    expect(draft.message).toContain('Hello {firstname},');
    expect(draft.message).toMatch(/on \d{1,2} \w{3} \d{4} in Freiburg is cancelled/);

    // Every problem at once.
    const refused = await call(server, 'PUT', cancelPath(dinner.adminId), {
      subject: ' ',
      message: 7,
      refundPaid: 'yes',
    });
    expect(refused.status).toBe(406);
    expect(refused.json.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'message',
      'refundPaid',
      'subject',
    ]);

    const preview = await call(server, 'PUT', cancelPath(dinner.adminId, '/preview'), {
      subject: 'Called off, {firstname}',
      message: 'Dear {firstname} {lastname},\n\nthe evening is off: the kitchen flooded.',
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.message).toMatch(
      /^Dear Gast\d+ Nummer\d+,\n\nthe evening is off: the kitchen flooded\.\n\n--\n/,
    );

    const cancelled = await call(server, 'PUT', cancelPath(dinner.adminId), {
      subject: 'Called off, {firstname}',
      message: 'Dear {firstname} {lastname},\n\nthe evening is off: the kitchen flooded.',
      refundPaid: false,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const result: CancelResult = cancelled.json;
    expect(result).toMatchObject({ mailsQueued: 20, messagingLocked: false, refunds: null });
    expect(result.runningDinner.readOnlyReason).toBe('CANCELLED');

    const cancelMails = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject.startsWith('Called off'));
      return arrived.length >= 20 && arrived;
    }, 'the 20 cancel mails');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.filter((m) => m.subject.startsWith('Called off'))).toHaveLength(20);
    const recipients = cancelMails.map((m) => m.to);
    expect(new Set(recipients).size).toBe(20);
    const rows = await server.deps.db
      .selectFrom('participant')
      .select(['id', 'email', 'firstname_part', 'lastname'])
      .where('running_dinner_id', '=', dinner.id)
      .execute();
    const emailOf = (id: string) => rows.find((r) => r.id === id)!.email;
    expect(recipients).not.toContain(emailOf(unconfirmed));
    expect(recipients.sort()).toEqual(
      rows
        .filter((r) => r.id !== unconfirmed)
        .map((r) => r.email)
        .sort(),
    );

    for (const mail of cancelMails) {
      const row = rows.find((r) => r.email === mail.to)!;
      expect(mail.subject).toBe(`Called off, ${row.firstname_part}`);
      expect(mail.text).toContain(`Dear ${row.firstname_part} ${row.lastname},\n\nthe evening is off`);
      if (waiting.includes(row.id)) {
        // The waiting list got no route: no calendar, and the footer in their own language.
        expect(mail.attachments).toHaveLength(0);
        expect(mail.text).toContain('Verschickt vom Organisationsteam');
        continue;
      }
      expect(mail.text).toContain('Sent by the organiser');
      const routeMail = routeMails.find((m) => m.to === mail.to)!;
      const before = calendarOf(routeMail.attachments[0].content);
      expect(mail.attachments).toHaveLength(1);
      const after = calendarOf(mail.attachments[0].content);
      expect(after.method).toBe('CANCEL');
      expect(after.events.map((e) => e.uid).sort()).toEqual(before.events.map((e) => e.uid).sort());
      for (const event of after.events) {
        expect(event.status).toBe('CANCELLED');
        expect(event.sequence).toBeGreaterThan(before.events.find((e) => e.uid === event.uid)!.sequence);
      }
    }

    // The personal pages: home, team and route of someone with a route; home of someone on the waiting list.
    const link = selfLinkOf(routeMails[0].text);
    const reader = rows.find((r) => r.id === link.participantId)!;
    const message = `Dear ${reader.firstname_part} ${reader.lastname},\n\nthe evening is off: the kitchen flooded.`;
    const selfPath = `/self/v1/${link.selfAdminId}/${link.participantId}`;
    for (const path of ['/sessiondata', `/${link.teamId}/team`, `/${link.teamId}/dinnerroute`]) {
      const page = await call(server, 'GET', `${selfPath}${path}`);
      expect(page.status, `${path}: ${page.text}`).toBe(200);
      expect(page.json.cancellation, path).toMatchObject({
        subject: `Called off, ${reader.firstname_part}`,
        message,
      });
    }
    const waitingHome = await call(server, 'GET', `/self/v1/${link.selfAdminId}/${waiting[0]}/sessiondata`);
    expect(waitingHome.json.cancellation.message).toContain('the kitchen flooded');

    // Cancelled once: a second cancel is refused, and mails nobody.
    const again = await call(server, 'PUT', cancelPath(dinner.adminId), { subject: 'Again', message: 'Again' });
    expect(again.status).toBe(409);
  });

  it('cancels without mails where messaging is locked, and says so', async () => {
    const dinner = await dinnerWithParticipants(server, 4, { body: createBody({ languageCode: 'en' }) });
    const draft: CancelDraft = (await call(server, 'GET', cancelPath(dinner.adminId))).json;
    expect(draft).toMatchObject({ recipients: 4, messagingLocked: true });
    const before = sink.mails.length;
    const res = await call(server, 'PUT', cancelPath(dinner.adminId), { subject: 'Off', message: 'It is off.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ mailsQueued: 0, messagingLocked: true });
    expect(res.json.runningDinner.readOnlyReason).toBe('CANCELLED');
    const tasks = await server.deps.db
      .selectFrom('message_task')
      .select('id')
      .where('running_dinner_id', '=', dinner.id)
      .where('recipient_email', 'like', 'gast%')
      .execute();
    expect(tasks).toHaveLength(0);
    expect(sink.mails.slice(before).filter((m) => m.subject === 'Off')).toHaveLength(0);
  });

  it('leaves the event as it was when the day’s allowance has no room for the mails', async () => {
    const dinner = await dinnerWithParticipants(server, 50, { body: createBody({ languageCode: 'en' }) });
    await confirmOrganiser(server, dinner.id);
    const res = await call(server, 'PUT', cancelPath(dinner.adminId), { subject: 'Off', message: 'It is off.' });
    expect(res.status, res.text).toBe(409);
    const after = await call(server, 'GET', adminPath(dinner.adminId));
    expect(after.json.readOnlyReason).toBeNull();
    const self = await server.deps.db
      .selectFrom('running_dinner')
      .select(['cancelled_at', 'cancel_message'])
      .where('id', '=', dinner.id)
      .executeTakeFirstOrThrow();
    expect(self).toEqual({ cancelled_at: null, cancel_message: null });
  });
});

describe('cancelling with refunds', () => {
  let fake: StripeFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startStripeFake();
    Object.assign(env, stripeEnv(fake));
  });
  afterAll(() => fake?.stop());
  const server = useTestServer({ env });

  it('gives back every paid registration when asked to', async () => {
    const dinner = await createPublicDinner(server);
    await setPrice(server, dinner.adminId);
    for (const name of ['Paula', 'Petra']) {
      const placed = await ordered(server, fake, dinner.publicDinnerId, {
        email: `${name.toLowerCase()}@example.org`,
        firstnamePart: name,
      });
      await delivered(server, fake, fake.pay(placed.session.id));
    }
    const draft: CancelDraft = (await call(server, 'GET', cancelPath(dinner.adminId))).json;
    expect(draft).toMatchObject({ paidRegistrations: 2, refundsPossible: true, recipients: 2 });

    const res = await call(server, 'PUT', cancelPath(dinner.adminId), {
      subject: 'Off',
      message: 'It is off; your fee comes back.',
      refundPaid: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.refunds).toEqual({ refunded: 2, failed: 0 });
    expect(fake.refunds.size).toBe(2);
    const payments = await call(server, 'GET', paymentsPath(dinner.adminId, '/payments'));
    expect(payments.json.orders.map((o: { status: string }) => o.status)).toEqual(['REFUNDED', 'REFUNDED']);
  });
});
