import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageJob } from '../../contract/messages.js';
import type { OptimizationState } from '../../contract/route-optimization.js';
import { cityTeams } from '../../domain/routes/city.js';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody, participantInput } from '../support/factories.js';
import { freshPostgresDatabase, onPostgres, type TestDatabase, testPostgresUrl } from '../support/postgres.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { openSse, received, type SseClient, waitUntil } from '../support/sse-client.js';
import { generateTeams } from '../support/teams.js';
import { call, freePort, type TestServer } from '../support/test-server.js';

// Issue 14's promise: two instances on one PostgreSQL database behave as one server. Mail is sent exactly once
// across both, live progress reaches a browser whichever instance it is connected to and resumes on the other, a
// killed instance's work is finished by the other, and the same optimisation asked of both runs once.

const RECIPIENTS = 500;
const CONCURRENCY = 4;
/** An optimisation of 150 teams searches for 2 seconds: long enough to kill its instance in the middle. */
const CITY_PARTICIPANTS = 300;

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let a: ChildServer;
  let b: ChildServer;
  let env: Record<string, string>;
  let adminId: string;
  let runningDinnerId: string;

  const startInstance = () => startChildServer(env);

  beforeAll(async () => {
    sink = new SmtpSink(await freePort());
    await sink.start();
    database = await freshPostgresDatabase(testPostgresUrl()!);
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      // Slow enough that the second instance joins the job before the first is through with it.
      MAIL_RATE_PER_SECOND: '40',
      MAIL_CONCURRENCY: String(CONCURRENCY),
      MAIL_MAX_PER_JOB: '1000',
      MAIL_MAX_PER_EVENT_PER_DAY: '10000',
      CLAIM_LEASE_SECONDS: '2',
    };
    [a, b] = await Promise.all([startInstance(), startInstance()]);

    const created = await call(a, 'POST', '/wizardservice/v1/create', {
      ...createBody({ languageCode: 'en' }),
      email: 'organiser@example.org',
    });
    expect(created.status, created.text).toBe(200);
    adminId = created.json.runningDinner.adminId;
    // Written through both instances, ten at a time.
    for (let start = 0; start < RECIPIENTS; start += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, k) => start + k).map((i) =>
          call(
            i % 2 ? b : a,
            'POST',
            `/participantservice/v1/runningdinner/${adminId}/participant`,
            participantInput({ email: `guest${i}@example.org`, firstnamePart: `Guest${i}` }),
          ),
        ),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    }
    runningDinnerId = await a.withDatabase(async (db) => {
      await db.updateTable('running_dinner').set({ acknowledged_at: new Date().toISOString() }).execute();
      return (
        await db.selectFrom('running_dinner').select('id').where('admin_id', '=', adminId).executeTakeFirstOrThrow()
      ).id;
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.stop();
    await database?.drop();
  });

  const sendToAll = async (via: ChildServer, subject: string): Promise<MessageJob> => {
    const sent = await call(via, 'PUT', `/messageservice/v1/runningdinner/${adminId}/mails/participant`, {
      subject,
      message: 'Hello {firstname}',
      participantSelection: 'ALL',
    });
    expect(sent.status, sent.text).toBe(201);
    return sent.json;
  };
  const mailsWith = (subject: string) => sink.mails.filter((m) => m.subject === subject);
  const jobEvents = (stream: SseClient, job: MessageJob) =>
    stream.events.filter((e) => JSON.parse(e.data).messageJobId === job.id);
  const finishedIn = (stream: SseClient, job: MessageJob) => jobEvents(stream, job).some((e) => e.event === 'finished');
  const claimants = (job: MessageJob) =>
    a.withDatabase(
      async (db) =>
        (
          await db
            .selectFrom('message_task')
            .select('claimed_by')
            .distinct()
            .where('message_job_id', '=', job.id)
            .execute()
        ).length,
    );

  it('sends a 500-mail job exactly once across both; a stream on B shows A’s job and resumes on A without a gap', async () => {
    const onB = await openSse(b, `/messageservice/v1/runningdinner/${adminId}/messagejobs`);
    expect(onB.status).toBe(200);
    const job = await sendToAll(a, 'Exactly once');

    await onB.until((s) => jobEvents(s, job).filter((e) => e.event === 'progress').length >= 5, 20_000);
    onB.close();
    const lastSeen = jobEvents(onB, job).at(-1)!.id!;
    const onA = await openSse(a, `/messageservice/v1/runningdinner/${adminId}/messagejobs`, {
      'Last-Event-ID': lastSeen,
    });
    await onA.until((s) => finishedIn(s, job), 60_000);
    onA.close();

    const last = received(onA)
      .filter((e) => e.data.messageJobId === job.id)
      .at(-1)!;
    expect(last.data).toMatchObject({
      total: RECIPIENTS,
      sent: RECIPIENTS,
      failed: 0,
      queued: 0,
      sendingStatus: 'SENDING_FINISHED',
    });
    // Every event of the job's topic up to `finished`, once: what B sent before the reconnect and A after it.
    const seen = [...onB.events, ...onA.events].map((e) => Number(e.id));
    const finishedId = Number(jobEvents(onA, job).find((e) => e.event === 'finished')!.id);
    const stored = await a.withDatabase((db) =>
      db
        .selectFrom('bus_event')
        .select('id')
        .where('topic', '=', `messagejobs:${runningDinnerId}`)
        .where('id', '<=', finishedId)
        .orderBy('id')
        .execute(),
    );
    expect(seen.filter((id) => id <= finishedId)).toEqual(stored.map((e) => e.id));

    const mails = mailsWith('Exactly once');
    expect(mails).toHaveLength(RECIPIENTS);
    expect(new Set(mails.map((m) => m.to)).size).toBe(RECIPIENTS);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(RECIPIENTS);
    // Both instances sent some of them.
    expect(await claimants(job)).toBe(2);
  }, 120_000);

  it('finishes the job of an instance killed in the middle of it: every recipient gets it, one Message-ID each', async () => {
    const onB = await openSse(b, `/messageservice/v1/runningdinner/${adminId}/messagejobs`);
    const job = await sendToAll(a, 'Killed midway');
    await waitUntil(() => mailsWith('Killed midway').length >= RECIPIENTS / 4, 30_000);
    // The mail server stops answering, so the kill lands in the middle however slowly a busy machine runs A, with
    // mails in flight (B's wait too): A hands them over but dies before it hears they were taken.
    sink.holdAll = true;
    await waitUntil(() => sink.held > 0, 30_000);
    a.child.kill('SIGKILL');
    await a.exited;
    expect(mailsWith('Killed midway').length).toBeLessThan(RECIPIENTS);
    sink.holdAll = false;
    sink.acceptHeld();

    await onB.until((s) => finishedIn(s, job), 90_000);
    onB.close();
    const last = received(onB)
      .filter((e) => e.data.messageJobId === job.id)
      .at(-1)!;
    expect(last.data).toMatchObject({
      total: RECIPIENTS,
      sent: RECIPIENTS,
      failed: 0,
      sendingStatus: 'SENDING_FINISHED',
    });
    const mails = mailsWith('Killed midway');
    const idsOf = new Map<string, Set<string>>();
    for (const mail of mails) idsOf.set(mail.to, (idsOf.get(mail.to) ?? new Set()).add(mail.messageId));
    expect(idsOf.size).toBe(RECIPIENTS);
    // A mail A had handed over when it died may go out again, with its one Message-ID.
    expect([...idsOf.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(mails.length - RECIPIENTS).toBeLessThanOrEqual(CONCURRENCY);
    a = await startInstance();
  }, 150_000);

  it('runs one optimisation when both instances are asked for it at once, and both streams see it finish', async () => {
    const demo = await call(a, 'POST', '/wizardservice/v1/create', {
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED', languageCode: 'en' }),
      publicSettings: null,
      contract: null,
    });
    expect(demo.status, demo.text).toBe(200);
    const demoAdminId: string = demo.json.runningDinner.adminId;
    await generateTeams(b as unknown as TestServer, demoAdminId);
    const path = `/dinnerrouteservice/v1/runningdinner/${demoAdminId}/optimization`;
    const [onA, onB] = await Promise.all([call(a, 'POST', path, {}), call(b, 'POST', path, {})]);
    expect([onA.status, onB.status]).toEqual([202, 202]);
    const run: OptimizationState = onA.json;
    expect(onB.json.optimizationId).toBe(run.optimizationId);
    const runs = await a.withDatabase((db) =>
      db.selectFrom('route_optimization').select('id').where('automatic', '=', 0).execute(),
    );
    expect(runs.map((r) => r.id)).toEqual([run.optimizationId]);

    const streams = await Promise.all(
      [a, b].map((server) =>
        openSse(server, `/dinnerrouteservice/v1/runningdinner/${demoAdminId}/${run.optimizationId}/subscribe`),
      ),
    );
    for (const stream of streams) await stream.until((s) => s.ended(), 30_000);
    for (const stream of streams) expect(received(stream).at(-1)?.type).toBe('finished');
  }, 60_000);

  it('takes over the optimisation of an instance killed while it searched, and finishes it', async () => {
    const created = await call(a, 'POST', '/wizardservice/v1/create', {
      ...createBody({ languageCode: 'en' }),
      email: 'organiser@example.org',
    });
    const cityAdminId: string = created.json.runningDinner.adminId;
    const places = cityTeams(CITY_PARTICIPANTS, 3, 5);
    for (let start = 0; start < CITY_PARTICIPANTS; start += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, k) => start + k).map((i) =>
          call(i % 2 ? b : a, 'POST', `/participantservice/v1/runningdinner/${cityAdminId}/participant`, {
            ...participantInput({ email: `city${i}@example.org`, firstnamePart: `City${i}` }),
            geocodingResult: places[i].position,
          }),
        ),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    }
    await generateTeams(b as unknown as TestServer, cityAdminId);
    const started = await call(a, 'POST', `/dinnerrouteservice/v1/runningdinner/${cityAdminId}/optimization`, {
      ignoreMealAssignments: true,
    });
    expect(started.status, started.text).toBe(202);
    const run: OptimizationState = started.json;
    const claimant = () =>
      a.withDatabase(
        async (db) =>
          (
            await db
              .selectFrom('route_optimization')
              .select('claimed_by')
              .where('id', '=', run.optimizationId)
              .executeTakeFirstOrThrow()
          ).claimed_by,
      );
    const searcher = await claimant();
    a.child.kill('SIGKILL');
    await a.exited;

    const onB = await openSse(b, `/dinnerrouteservice/v1/runningdinner/${cityAdminId}/${run.optimizationId}/subscribe`);
    await onB.until((s) => s.ended(), 30_000);
    expect(received(onB).at(-1)?.type).toBe('finished');
    a = await startInstance();
    const finished: OptimizationState = (
      await call(
        a,
        'GET',
        `/dinnerrouteservice/v1/runningdinner/${cityAdminId}/optimization/${run.optimizationId}/status`,
      )
    ).json;
    expect(finished.status).toBe('FINISHED');
    expect(await claimant()).not.toBe(searcher);
  }, 90_000);
});

describe.runIf(onPostgres)('per-address limits of two instances', () => {
  let database: TestDatabase;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    database = await freshPostgresDatabase(testPostgresUrl()!);
    const env = { DATABASE_URL: database.url, MAILS_PER_RECIPIENT_PER_HOUR: '5', GUESS_LIMIT_PER_MINUTE: '6' };
    [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('count the requests of both: one victim is mailed 5 times, however the requests are spread', async () => {
    const victim = 'shared.victim@example.org';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/wizardservice/v1/create', { ...createBody(), email: victim }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(35);
    const mails = await a.withDatabase((db) =>
      db.selectFrom('message_task').select('id').where('recipient_email', '=', victim).execute(),
    );
    expect(mails).toHaveLength(5);
  });

  it('count wrong secret links on both: the guesser is stopped after 6, wherever it asks', async () => {
    const guesses = [];
    for (let i = 0; i < 10; i++)
      guesses.push(
        (await call(i % 2 ? b : a, 'GET', `/runningdinnerservice/v1/runningdinner/${crypto.randomUUID()}`)).status,
      );
    expect(guesses).toEqual([...Array(6).fill(404), ...Array(4).fill(429)]);
  });
});
