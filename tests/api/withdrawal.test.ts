import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBody } from '../support/factories.js';
import { startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import { selfAdminIdOf } from '../support/participant-view.js';
import { insertRegistered, listActivities } from '../support/participants.js';
import { createPublicDinner } from '../support/registration.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithTeams, readTeams } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 25: a participant who cannot come says so on the personal page. Before the teams are made the registration
// and its data go at once; after, the organiser is told (once) and the teams never change behind their back.

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  ({ server, sink } = await startServerWithSmtpSink());
});
afterAll(() => stopServerWithSmtpSink({ server, sink }));

const withdraw = (selfAdminId: string, participantId: string, body: unknown) =>
  call(server, 'PUT', `/self/v1/${selfAdminId}/${participantId}/withdraw`, body);
const home = (selfAdminId: string, participantId: string) =>
  call(server, 'GET', `/self/v1/${selfAdminId}/${participantId}/sessiondata`);

describe('withdrawing on the personal page', () => {
  it('deletes a registration and its data at once before the teams are made', async () => {
    const dinner = await createPublicDinner(server);
    const lea = await insertRegistered(server, dinner.adminId, { firstnamePart: 'Lea', email: 'lea@example.org' });
    const answer = await withdraw(dinner.selfAdminId, lea.id!, {});
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ outcome: 'DELETED' });
    const rows = await server.deps.db.selectFrom('participant').select('id').where('id', '=', lea.id!).execute();
    expect(rows).toEqual([]);
    expect((await home(dinner.selfAdminId, lea.id!)).status).toBe(404);
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'PARTICIPANT_UNSUBSCRIBED',
      origin: 'PARTICIPANT',
    });
  });

  it('after the teams: marks them, tells the organiser once with the note, and leaves the teams as they are', async () => {
    const { dinner, teams } = await dinnerWithTeams(server, 18, { body: createBody({ languageCode: 'en' }) });
    const selfAdminId = await selfAdminIdOf(server, dinner.id);
    const team = teams.teams[2]!;
    const member = team.teamMembers[0]!;
    const subject = `${member.firstnamePart} ${member.lastname} cannot come`;

    const first = await withdraw(selfAdminId, member.id, { note: 'Sorry, I am ill.' });
    expect(first.json).toEqual({ outcome: 'MARKED' });
    const mail = await until(() => sink.mails.find((m) => m.subject.startsWith(subject)), 'the organiser’s mail');
    expect(mail.to).toContain('orga@example.org');
    expect(mail.text).toContain(`(team ${team.teamNumber})`);
    expect(mail.text).toContain('Sorry, I am ill.');
    expect(mail.text).toContain(`/admin/${dinner.adminId}/teams`);
    expect((await home(selfAdminId, member.id)).json.withdrawnAt).not.toBeNull();
    expect((await listActivities(server, dinner.adminId))[0]).toMatchObject({
      type: 'PARTICIPANT_WITHDREW',
      origin: 'PARTICIPANT',
      details: { teamNumber: team.teamNumber },
    });

    // Told once; the teams are the organiser's to change.
    expect((await withdraw(selfAdminId, member.id, { note: 'Again' })).json).toEqual({ outcome: 'MARKED' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.mails.filter((m) => m.subject.startsWith(subject))).toHaveLength(1);
    const after = await readTeams(server, dinner.adminId);
    expect(after.teams.map((t) => t.teamMembers.map((m) => m.id))).toEqual(
      teams.teams.map((t) => t.teamMembers.map((m) => m.id)),
    );
  });

  it('refuses an unknown field and a note of more than 500 characters, naming them', async () => {
    const dinner = await createPublicDinner(server);
    const lea = await insertRegistered(server, dinner.adminId, { email: 'lea2@example.org' });
    const refused = await withdraw(dinner.selfAdminId, lea.id!, { note: 'x'.repeat(501), reason: 'no' });
    expect(refused.status).toBe(406);
    expect(refused.json.issues.map((i: { field: string }) => i.field).sort()).toEqual(['note', 'reason']);
    expect((await home(dinner.selfAdminId, lea.id!)).status).toBe(200);
  });
});
