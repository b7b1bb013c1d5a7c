import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody, createDinner, runningDinnerIdOf } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import { enqueueTestMail } from '../support/mail-tasks.js';
import { activate, createPublicDinner, registeredId } from '../support/registration.js';
import type { ReceivedMail, SmtpSink } from '../support/smtp-sink.js';
import { generateTeams, insertParticipants } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: replies reach the organiser. Every mail about an event answers to its public contact (else its
// organiser) and shows its title as the sender's name; the address of From stays MAIL_FROM's.

const MAIL_FROM = 'Running Dinner <noreply@dinner.example.org>';
const messages = (adminId: string, type: string) => `/messageservice/v1/runningdinner/${adminId}/mails/${type}`;

describe('who a mail is from and whom an answer reaches', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({
      MAIL_FROM,
      MAIL_RATE_PER_SECOND: '1000',
      MAIL_CONCURRENCY: '8',
    }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  const acknowledge = (runningDinnerId: string) => confirmOrganiser(server, runningDinnerId);
  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));
  const sender = (mail: ReceivedMail) => ({ from: mail.from, replyTo: mail.replyTo });

  it('answers the public contact and names the event on the creation, registration, invitation, participant, team and route mails', async () => {
    const body = createBody();
    body.publicSettings.publicContactEmail = 'kontakt@example.org';
    const dinner = await createPublicDinner(server, body);
    await acknowledge(dinner.id);
    const registered = await registeredId(server, dinner, {
      email: 'neu@example.org',
      teamPartnerWishEmail: 'partnerin@example.org',
    });
    expect((await activate(server, dinner, registered)).status).toBe(200);
    await insertParticipants(server, dinner.id, 17);
    await generateTeams(server, dinner.adminId);
    const sent = [
      await call(server, 'PUT', messages(dinner.adminId, 'participant'), {
        subject: 'Neuigkeiten',
        message: 'Hallo {firstname}',
        participantSelection: 'ALL',
      }),
      await call(server, 'PUT', messages(dinner.adminId, 'team'), {
        subject: 'Euer Team',
        message: 'Hallo {firstname}! {host}',
        hostMessagePartTemplate: 'Ihr kocht {meal}',
        nonHostMessagePartTemplate: 'Bei {partner}: {meal}',
        teamSelection: 'ALL',
      }),
      await call(server, 'PUT', messages(dinner.adminId, 'dinnerroute?sendToDinnerOwner=false'), {
        subject: 'Eure Route',
        message: 'Hallo {firstname}:\n\n{route}',
        selfTemplate: '{meal} bei euch',
        hostsTemplate: '{meal} bei {hostaddress}',
        teamSelection: 'ALL',
      }),
    ];
    expect(sent.map((res) => res.status)).toEqual([201, 201, 201]);
    const subjects = ['Neuigkeiten', 'Euer Team', 'Eure Route'];
    await until(
      () => subjects.every((subject) => sink.mails.filter((m) => m.subject === subject).length >= 18),
      'the participant, team and route mails',
    );

    const kinds = {
      created: mailsTo('orga@example.org'),
      registration: mailsTo('neu@example.org').filter((m) => !subjects.includes(m.subject)),
      invitation: mailsTo('partnerin@example.org'),
      messages: sink.mails.filter((m) => subjects.includes(m.subject)),
    };
    for (const [kind, mails] of Object.entries(kinds)) {
      expect(mails.length, `${kind} mails`).toBeGreaterThan(0);
      for (const mail of mails)
        expect(sender(mail), `${kind}: ${mail.subject}`).toEqual({
          from: { name: 'Running Dinner in der Wiehre via Running Dinner', address: 'noreply@dinner.example.org' },
          replyTo: 'kontakt@example.org',
        });
    }
  });

  it("answers the organiser's address without a public contact, and keeps MAIL_FROM alone for a mail about no event", async () => {
    const { runningDinner } = await createDinner(server, {
      ...createBody({ registrationType: 'CLOSED' }),
      publicSettings: null,
      email: 'geschlossen@example.org',
    });
    const created = await sink.waitFor((m) => m.to.includes('geschlossen@example.org'));
    expect(sender(created)).toEqual({
      from: { name: `${runningDinner.basicDetails.title} via Running Dinner`, address: 'noreply@dinner.example.org' },
      replyTo: 'geschlossen@example.org',
    });

    await enqueueTestMail(server, { recipientEmail: 'niemand@example.org', runningDinnerId: null });
    const general = await sink.waitFor((m) => m.to.includes('niemand@example.org'));
    expect(sender(general)).toEqual({
      from: { name: 'Running Dinner', address: 'noreply@dinner.example.org' },
      replyTo: '',
    });
  });

  it('adds no header and no recipient through a title with a line break, quotes and a Bcc', async () => {
    const { runningDinner } = await createDinner(server, { ...createBody(), email: 'titel@example.org' });
    const runningDinnerId = await runningDinnerIdOf(server, runningDinner.adminId);
    await acknowledge(runningDinnerId);
    await server.deps.db
      .updateTable('running_dinner')
      .set({
        public_title: 'Dinner "Wiehre"\r\nBcc: x@example.org',
        public_contact_email: 'a@example.org\r\nBcc: y@example.org',
      })
      .where('id', '=', runningDinnerId)
      .execute();
    await insertParticipants(server, runningDinnerId, 1);
    const res = await call(server, 'PUT', messages(runningDinner.adminId, 'participant'), {
      subject: 'Titeltest',
      message: 'Hallo',
      participantSelection: 'ALL',
    });
    expect(res.status, res.text).toBe(201);
    const mail = await sink.waitFor((m) => m.subject === 'Titeltest');
    expect(mail.headerNames).not.toContain('bcc');
    expect(mail.envelopeTo).toHaveLength(1);
    expect(mail.envelopeTo[0]).not.toMatch(/example\.org.*example\.org|^[xy]@/);
    expect(mail.from).toEqual({
      name: 'Dinner "Wiehre" Bcc: x@example.org via Running Dinner',
      address: 'noreply@dinner.example.org',
    });
    expect(sink.mails.some((m) => m.envelopeTo.some((to) => /^[xy]@example\.org$/.test(to)))).toBe(false);
  });
});
