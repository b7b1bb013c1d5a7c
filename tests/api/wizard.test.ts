import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/local-dates.js';
import { afterParty, createBody, createDinner, inDays } from '../support/factories.js';
import { failInsertsInto } from '../support/fault-injection.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const create = (body: unknown) => call(server, 'POST', '/wizardservice/v1/create', body);
const TABLES = [
  'running_dinner',
  'meal',
  'participant',
  'team',
  'route_visit',
  'message_job',
  'message_task',
  'activity',
  'payment_option',
  'payment_order',
  'route_optimization',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await server.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('creating a running dinner', () => {
  it.each(['PUBLIC', 'OPEN', 'CLOSED'] as const)(
    'creates a STANDARD %s dinner with its admin link and public link',
    async (registrationType) => {
      const res = await create(createBody({ registrationType }));
      expect(res.status).toBe(200);
      const dinner = res.json.runningDinner;
      expect(dinner.adminId).toMatch(UUID);
      expect(dinner.publicSettings.publicDinnerId).toMatch(UUID);
      expect(dinner.publicSettings.publicDinnerId).not.toBe(dinner.adminId);
      expect(dinner.publicSettings.publicDinnerUrl).toBe(
        `${server.baseUrl}/running-dinner-events/${dinner.publicSettings.publicDinnerId}`,
      );
      expect(res.json.administrationUrl).toBe(`${server.baseUrl}/admin/${dinner.adminId}`);
      expect(dinner.runningDinnerType).toBe('STANDARD');
      expect(dinner.basicDetails.registrationType).toBe(registrationType);
      expect(dinner.messagingLocked).toBe(true);
      expect(dinner.readOnlyReason).toBeNull();
      expect(dinner.participantCount).toBe(0);
    },
  );

  it('creates a CLOSED dinner without public settings, taking the title and the organiser as public data', async () => {
    const body = { ...createBody({ registrationType: 'CLOSED' }), publicSettings: null };
    const dinner = (await createDinner(server, body)).runningDinner;
    expect(dinner.publicSettings).toMatchObject({
      title: 'Weihnachtsdinner Wiehre',
      description: '',
      publicContactName: 'Clara Öztürk',
      publicContactEmail: 'orga@example.org',
      endOfRegistrationDate: addDays(body.basicDetails.date, -5),
    });
  });

  it('creates a DEMO dinner with 18 participants whose messages wait for the creator to confirm the address', async () => {
    const res = await create({
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    });
    expect(res.status).toBe(200);
    expect(res.json.runningDinner.runningDinnerType).toBe('DEMO');
    expect(res.json.runningDinner.participantCount).toBe(18);
    expect(res.json.runningDinner.messagingLocked).toBe(true);
  });

  it('stores the meals with their times, the options and the after-party location', async () => {
    const body = createBody();
    const date = body.basicDetails.date;
    const dinner = (
      await createDinner(server, {
        ...body,
        options: { ...body.options, zipRestrictions: '79098-79117' },
        afterPartyLocation: afterParty(`${date}T23:59`),
      })
    ).runningDinner;
    expect(dinner.options.meals.map((m: { label: string; time: string }) => [m.label, m.time])).toEqual([
      ['Vorspeise', `${date}T19:00`],
      ['Hauptgericht', `${date}T21:00`],
      ['Nachspeise', `${date}T23:00`],
    ]);
    expect(dinner.options).toMatchObject({
      teamSize: 2,
      zipRestrictions: '79098-79117',
      genderAspects: 'FORCE_GENDER_MIX',
      forceEqualDistributedCapacityTeams: true,
    });
    expect(dinner.afterPartyLocation).toEqual(afterParty(`${date}T23:59`));
  });

  it('gives meals without a time the common evening: 18:30, then every 90 minutes', async () => {
    const body = createBody();
    const date = body.basicDetails.date;
    body.options.meals = [
      { label: 'Vorspeise' } as never,
      { label: 'Hauptgericht' } as never,
      { label: 'Nachspeise' } as never,
    ];
    const meals = (await createDinner(server, body)).runningDinner.options.meals;
    expect(meals.map((m: { time: string }) => m.time)).toEqual([`${date}T18:30`, `${date}T20:00`, `${date}T21:30`]);
    body.options.meals = [{ label: 'Vorspeise', time: `${date}T19:15` }, { label: 'Hauptgericht' } as never];
    const later = (await createDinner(server, body)).runningDinner.options.meals;
    expect(later.map((m: { time: string }) => m.time)).toEqual([`${date}T19:15`, `${date}T20:45`]);
  });

  it('sets the end of registration 5 days before the dinner when it is not given', async () => {
    const body = createBody();
    const { endOfRegistrationDate: _omitted, ...publicSettings } = body.publicSettings;
    const dinner = (await createDinner(server, { ...body, publicSettings })).runningDinner;
    expect(dinner.publicSettings.endOfRegistrationDate).toBe(addDays(body.basicDetails.date, -5));
  });

  it('accepts the array date forms everywhere', async () => {
    const body = createBody({ date: '2030-12-24' });
    const res = await create({
      ...body,
      basicDetails: { ...body.basicDetails, date: [2030, 12, 24] },
      options: {
        ...body.options,
        meals: [
          { label: 'Vorspeise', time: [2030, 12, 24, 19, 0, 0] },
          { label: 'Hauptgericht', time: [2030, 12, 24, 21, 0, 0] },
        ],
      },
      publicSettings: { ...body.publicSettings, endOfRegistrationDate: [2030, 12, 20] },
    });
    expect(res.status).toBe(200);
    expect(res.json.runningDinner.basicDetails.date).toBe('2030-12-24');
    expect(res.json.runningDinner.options.meals.map((m: { time: string }) => m.time)).toEqual([
      '2030-12-24T19:00',
      '2030-12-24T21:00',
    ]);
    expect(res.json.runningDinner.publicSettings.endOfRegistrationDate).toBe('2030-12-20');
  });

  it('refuses a date in the past with the field path', async () => {
    const res = await create(createBody({ date: inDays(-1) }));
    expect(res.status).toBe(406);
    expect(res.json.issues).toContainEqual({
      field: 'basicDetails.date',
      message: 'The date of the dinner must not be in the past',
    });
  });

  it('refuses a public or open dinner without public settings', async () => {
    const res = await create({ ...createBody({ registrationType: 'OPEN' }), publicSettings: null });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'publicSettings', message: 'Required field' }] });
  });

  it('refuses a standard dinner without the organiser contract', async () => {
    const res = await create({ ...createBody(), contract: null });
    expect(res.json).toEqual({ issues: [{ field: 'contract', message: 'Required field' }] });
  });

  it('refuses an end of registration after the dinner', async () => {
    const body = createBody();
    const res = await create({
      ...body,
      publicSettings: { ...body.publicSettings, endOfRegistrationDate: addDays(body.basicDetails.date, 1) },
    });
    expect(res.json).toEqual({
      issues: [
        {
          field: 'publicSettings.endOfRegistrationDate',
          message: 'The end of registration must not be after the date of the dinner',
        },
      ],
    });
  });

  it('refuses an after-party that starts before the last meal ends', async () => {
    const body = createBody();
    const res = await create({ ...body, afterPartyLocation: afterParty(`${body.basicDetails.date}T23:00`) });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      issues: [{ field: 'afterPartyLocation.time', message: 'The after-party must start after the last meal' }],
    });
  });

  it('refuses meals in the wrong order and invalid zip restrictions together', async () => {
    const body = createBody();
    const date = body.basicDetails.date;
    const res = await create({
      ...body,
      options: {
        ...body.options,
        zipRestrictions: '791',
        meals: [
          { label: 'A', time: `${date}T20:00` },
          { label: 'B', time: `${date}T19:00` },
        ],
      },
    });
    expect(res.json).toEqual({
      issues: [
        { field: 'options.meals.1.time', message: 'Each meal must start after the previous one' },
        { field: 'options.zipRestrictions', message: 'Invalid zip codes: 791' },
      ],
    });
  });

  it('names an unknown nested field with its path', async () => {
    const body = createBody();
    const res = await create({ ...body, basicDetails: { ...body.basicDetails, secret: 1 } });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'basicDetails.secret', message: 'Unknown field' }] });
  });

  it('leaves no row behind when a write inside the creation fails', async () => {
    const before = await rowCounts();
    // The mail is queued last in the transaction: failing it proves that everything before it is rolled back.
    const removeFailure = await failInsertsInto(server.deps.db, {
      name: 'fail_mail',
      table: 'message_task',
      message: 'disk full',
    });
    try {
      const res = await create({
        ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
        publicSettings: null,
        contract: null,
      });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ code: 'unexpected', message: 'There occurred an unexpected error' });
    } finally {
      await removeFailure();
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the demo dinner', () => {
  it('has 18 plausible participants of both genders in one city with coordinates', async () => {
    const { runningDinner } = await createDinner(server, {
      ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
      publicSettings: null,
      contract: null,
    });
    const dinner = await server.deps.db
      .selectFrom('running_dinner')
      .select('id')
      .where('admin_id', '=', runningDinner.adminId)
      .executeTakeFirstOrThrow();
    const participants = await server.deps.db
      .selectFrom('participant')
      .selectAll()
      .where('running_dinner_id', '=', dinner.id)
      .orderBy('participant_number')
      .execute();
    expect(participants).toHaveLength(18);
    expect(participants.map((p) => p.participant_number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(participants.filter((p) => p.gender === 'FEMALE')).toHaveLength(9);
    expect(participants.filter((p) => p.gender === 'MALE')).toHaveLength(9);
    expect(new Set(participants.map((p) => p.city_name))).toEqual(new Set(['Freiburg']));
    expect(new Set(participants.map((p) => p.email)).size).toBe(18);
    for (const p of participants) {
      expect(p.firstname_part).toMatch(/^\p{Lu}\p{Ll}+$/u);
      expect(p.lastname).toMatch(/^\p{Lu}\p{Ll}+$/u);
      expect(p.street.length).toBeGreaterThan(3);
      expect(p.zip).toMatch(/^79\d{3}$/);
      expect(p.lat).toBeGreaterThan(47.9);
      expect(p.lat).toBeLessThan(48.1);
      expect(p.lng).toBeGreaterThan(7.7);
      expect(p.lng).toBeLessThan(7.95);
      expect(p.num_seats === -1 || (p.num_seats >= 2 && p.num_seats <= 12)).toBe(true);
      expect(p.activated_at).not.toBeNull();
    }
    // Enough hosts for 9 teams and 3 meals: every team needs a kitchen with 6 seats.
    expect(participants.filter((p) => p.num_seats >= 6).length).toBeGreaterThanOrEqual(9);
  });
});
