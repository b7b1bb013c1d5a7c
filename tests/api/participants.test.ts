import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewParticipant } from '../../db/schema.js';
import { bilingual, expectIssues } from '../support/bilingual.js';
import {
  adminPath,
  createBody,
  inDays,
  newDinner,
  participantInput,
  participantsPath,
  runningDinnerIdOf,
  withOptions,
} from '../support/factories.js';
import {
  addParticipant,
  insertRegistered,
  insertTeam,
  listActivities,
  listParticipants,
} from '../support/participants.js';
import { call, DAY_MS, GERMAN, type RequestHeaders, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const demoBody = () => ({
  ...createBody({ runningDinnerType: 'DEMO', registrationType: 'CLOSED' }),
  publicSettings: null,
  contract: null,
});
const twoMealBody = () => {
  const body = createBody();
  return withOptions({ meals: body.options.meals.slice(0, 2) }, body);
};

/** `count` participants with distinct addresses, one after the other. */
async function addMany(adminId: string, count: number, from = 1) {
  const added = [];
  for (let i = from; i < from + count; i++)
    added.push(
      await addParticipant(server, adminId, {
        firstnamePart: `Gast${i}`,
        lastname: `Nummer${i}`,
        email: `gast${i}@example.org`,
      }),
    );
  return added;
}

const lastnames = (items: { lastname: string }[]) => items.map((p) => p.lastname);
const numbers = (items: { participantNumber: number }[]) => items.map((p) => p.participantNumber);

/** Ria's form: she registered herself at her own address. */
const RIA = {
  firstnamePart: 'Ria',
  lastname: 'Registriert',
  gender: 'FEMALE',
  mobileNumber: '',
  street: 'Basler Straße',
  streetNr: '2',
  zip: '79100',
  cityName: 'Freiburg',
  addressRemarks: '',
  age: 30,
  numSeats: 6,
};
/** Stores Ria under a fresh address as a public registration does; unconfirmed unless `row` says otherwise. */
const insertUnconfirmed = (adminId: string, row: Partial<NewParticipant> = {}) =>
  insertRegistered(
    server,
    adminId,
    { ...RIA, email: `${crypto.randomUUID()}@example.org` },
    { activated_at: null, ...row },
  );

/** Two participants registered together by one form: both carry the id of the one who filled it in. */
async function insertRegisteredTogether(adminId: string) {
  const id = crypto.randomUUID();
  const root = await insertUnconfirmed(adminId, { id, lastname: 'Anmelderin', team_partner_wish_originator_id: id });
  const partner = await insertUnconfirmed(adminId, {
    lastname: 'Mitgebracht',
    email: '',
    team_partner_wish_originator_id: id,
  });
  return { root, partner };
}

/** Puts a participant into a team (teams come with team generation; here a bare row is enough). */
async function putIntoTeam(adminId: string, participantId: string) {
  const teamId = await insertTeam(server, await runningDinnerIdOf(server, adminId));
  await server.deps.db.updateTable('participant').set({ team_id: teamId }).where('id', '=', participantId).execute();
}

// The messages of the form rules, as locales/en and locales/de/messages.po word them.
const REQUIRED = bilingual('Required field', 'Pflichtfeld');
const TOO_LONG = bilingual('Maximum number of characters exceeded', 'Max. Zeichenanzahl überschritten');
const INVALID_EMAIL = bilingual('Invalid e-mail address', 'Ungültige E-Mail-Adresse');
const INVALID_VALUE = bilingual('Invalid value', 'Ungültiger Wert');
const SEATS_FORMAT = bilingual(
  'Please enter a whole number without leading zeros',
  'Bitte gib eine ganze Zahl ohne führende Nullen ein',
);
const SEATS_RANGE = bilingual('Hardly more than 100 seats possible', 'Anzahl Plätze wohl kaum über 100 möglich');
const AGE_RANGE = bilingual('Age must be between 1 and 100', 'Alter muss zwischen 1 und 100 sein');

const text = (length: number) => 'x'.repeat(length);
const inputWithout = (field: string) =>
  Object.fromEntries(Object.entries(participantInput()).filter(([key]) => key !== field));

type FieldIssue = { field: string; en: string; de: string };
/** One wrong field of the organiser's form, and the one issue adding and changing answer for it. */
const INPUT_REFUSALS: [string, object, FieldIssue][] = [
  ['a form without last name', inputWithout('lastname'), { field: 'lastname', ...REQUIRED }],
  ['only a first name', { firstnamePart: 'Ohne' }, { field: 'lastname', ...REQUIRED }],
  ['a last name of spaces', participantInput({ lastname: '   ' }), { field: 'lastname', ...REQUIRED }],
  ['an empty last name', participantInput({ lastname: '' }), { field: 'lastname', ...REQUIRED }],
  ['a last name of null', participantInput({ lastname: null }), { field: 'lastname', ...REQUIRED }],
  ['a last name of 256 characters', participantInput({ lastname: text(256) }), { field: 'lastname', ...TOO_LONG }],
  ['a street of 256 characters', participantInput({ street: text(256) }), { field: 'street', ...TOO_LONG }],
  ['a zip of 11 characters', participantInput({ zip: '79104791049' }), { field: 'zip', ...TOO_LONG }],
  ['notes of 2049 characters', participantInput({ notes: text(2049) }), { field: 'notes', ...TOO_LONG }],
  ['seats with a leading zero', participantInput({ numSeats: '06' }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['seats in letters', participantInput({ numSeats: 'sechs' }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['half a seat', participantInput({ numSeats: 2.5 }), { field: 'numSeats', ...SEATS_FORMAT }],
  ['101 seats', participantInput({ numSeats: 101 }), { field: 'numSeats', ...SEATS_RANGE }],
  ['age 101', participantInput({ age: 101 }), { field: 'age', ...AGE_RANGE }],
  ['age -2', participantInput({ age: -2 }), { field: 'age', ...AGE_RANGE }],
  ['an e-mail address without @', participantInput({ email: 'kein-at' }), { field: 'email', ...INVALID_EMAIL }],
  [
    'an e-mail address without top-level domain',
    participantInput({ email: 'jonas.weiss@example' }),
    { field: 'email', ...INVALID_EMAIL },
  ],
  [
    'an invalid wished partner address',
    participantInput({ teamPartnerWishEmail: 'lea@' }),
    { field: 'teamPartnerWishEmail', ...INVALID_EMAIL },
  ],
  [
    'oneself as wished partner',
    participantInput({ teamPartnerWishEmail: 'JONAS.WEISS@example.org' }),
    {
      field: 'teamPartnerWishEmail',
      ...bilingual(
        'You cannot enter yourself as your wished team partner',
        'Du kannst dich nicht selbst als Wunschpartner eintragen',
      ),
    },
  ],
  ['an unknown gender', participantInput({ gender: 'DIVERS' }), { field: 'gender', ...INVALID_VALUE }],
  [
    'an unknown field',
    { lastname: 'X', participantNumber: 1 },
    { field: 'participantNumber', ...bilingual('Unknown field', 'Unbekanntes Feld') },
  ],
];

describe('adding a participant', () => {
  it('stores every field, confirmed, at the end of the list, and answers it under both paths', async () => {
    const { adminId } = await newDinner(server);
    await addMany(adminId, 2);
    const input = participantInput({
      email: '  Jonas.Weiss@Example.ORG ',
      age: 34,
      numSeats: '8',
      vegetarian: true,
      gluten: true,
      mealSpecificsNote: 'keine Nüsse',
      notes: 'kommt später',
      teamPartnerWishEmail: 'Lea@example.org',
    });
    const res = await call(server, 'POST', participantsPath(adminId, '/participant'), input);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      ...input,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      participantNumber: 3,
      email: 'jonas.weiss@example.org',
      numSeats: 8,
      teamPartnerWishEmail: 'lea@example.org',
      teamPartnerWishOriginatorId: null,
      teamId: null,
      languageCode: 'de',
      activated: true,
      createdAt: expect.any(String),
      withdrawnAt: null,
      positionSetByHand: false,
    });
    for (const path of [`/participants/${res.json.id}`, `/participant/${res.json.id}`]) {
      const read = await call(server, 'GET', participantsPath(adminId, path));
      expect(read.status).toBe(200);
      expect(read.json).toEqual(res.json);
    }
  });

  it('needs only the last name', async () => {
    const { adminId } = await newDinner(server);
    const res = await call(server, 'POST', participantsPath(adminId, '/participant'), { lastname: 'Nur Nachname' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      lastname: 'Nur Nachname',
      firstnamePart: '',
      email: '',
      gender: 'UNDEFINED',
      age: -1,
      numSeats: -1,
      zip: '',
      teamPartnerWishEmail: null,
    });
    expect(
      (await call(server, 'POST', participantsPath(adminId, '/participant'), { lastname: 'Auch ohne Adresse' })).status,
    ).toBe(200);
  });

  it('takes each gender the form offers, diverse too', async () => {
    const { adminId } = await newDinner(server);
    for (const gender of ['UNDEFINED', 'FEMALE', 'MALE', 'DIVERSE']) {
      const res = await call(
        server,
        'POST',
        participantsPath(adminId, '/participant'),
        participantInput({ gender, email: '' }),
      );
      expect(res.status).toBe(200);
      expect((await call(server, 'GET', participantsPath(adminId, `/participant/${res.json.id}`))).json.gender).toBe(
        gender,
      );
    }
  });

  it.each(INPUT_REFUSALS)('refuses %s, in English and German, and stores nothing', async (_case, body, issue) => {
    const { adminId } = await newDinner(server);
    await expectIssues(
      (headers) => call(server, 'POST', participantsPath(adminId, '/participant'), body, headers),
      [issue],
    );
    const after = await listParticipants(server, adminId);
    expect([...after.participants, ...after.participantsWaitingList, ...after.unconfirmedParticipants]).toEqual([]);
  });

  it('takes every text at its longest: notes 2048 characters, the others 255, the zip 10', async () => {
    const { adminId } = await newDinner(server);
    const texts = [
      'firstnamePart',
      'lastname',
      'mobileNumber',
      'street',
      'streetNr',
      'cityName',
      'addressRemarks',
      'mealSpecificsNote',
    ];
    const input = participantInput({
      ...Object.fromEntries(texts.map((field) => [field, text(255)])),
      zip: '7910479104',
      notes: text(2048),
    });
    const res = await call(server, 'POST', participantsPath(adminId, '/participant'), input);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject(input);
    expect((await call(server, 'GET', participantsPath(adminId, `/participant/${res.json.id}`))).json).toEqual(
      res.json,
    );
  });

  it('refuses an e-mail address the event already has, in any spelling, in English and German', async () => {
    const { adminId } = await newDinner(server);
    await addParticipant(server, adminId, { email: 'jonas.weiss@example.org' });
    const taken = bilingual(
      'This e-mail address is already registered for this running dinner',
      'Diese E-Mail-Adresse ist für dieses Running Dinner bereits angemeldet',
    );
    const again = participantInput({ email: ' JONAS.Weiss@example.org' });
    const en = await call(server, 'POST', participantsPath(adminId, '/participant'), again);
    expect(en.status).toBe(406);
    expect(en.json).toEqual({ issues: [{ field: 'email', message: taken.en }] });
    expect((await call(server, 'POST', participantsPath(adminId, '/participant?lang=de'), again)).json).toEqual({
      issues: [{ field: 'email', message: taken.de }],
    });
    // Without an address there is nothing to collide.
    await addParticipant(server, adminId, { email: '' });
    await addParticipant(server, adminId, { email: '' });
    expect(numbers((await listParticipants(server, adminId)).participants)).toEqual([1, 2, 3]);
  });

  it('takes the same address in another event', async () => {
    const first = await newDinner(server);
    const second = await newDinner(server);
    await addParticipant(server, first.adminId);
    expect((await addParticipant(server, second.adminId)).participantNumber).toBe(1);
  });

  it('refuses a partner wish where the event takes none', async () => {
    const { adminId } = await newDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    const disabled = bilingual(
      'This running dinner takes no team partner wishes',
      'Dieses Running Dinner nimmt keine Teampartner-Wünsche an',
    );
    const res = await call(
      server,
      'POST',
      participantsPath(adminId, '/participant'),
      participantInput({ teamPartnerWishEmail: 'lea@example.org' }),
      GERMAN,
    );
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'teamPartnerWishEmail', message: disabled.de }] });
    expect(
      (
        await call(
          server,
          'POST',
          participantsPath(adminId, '/participant'),
          participantInput({ teamPartnerWishEmail: 'lea@example.org' }),
        )
      ).json.issues[0].message,
    ).toBe(disabled.en);
    expect((await addParticipant(server, adminId)).teamPartnerWishEmail).toBeNull();
  });

  it('numbers participants added at the same time without gaps or doubles', async () => {
    const { adminId } = await newDinner(server);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          server,
          'POST',
          participantsPath(adminId, '/participant'),
          participantInput({ email: `parallel${i}@example.org` }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const all = await listParticipants(server, adminId);
    expect(numbers([...all.participants, ...all.participantsWaitingList]).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('records that the organiser added the participant', async () => {
    const { adminId } = await newDinner(server);
    await addParticipant(server, adminId, { firstnamePart: 'Jonas', lastname: 'Weiß' });
    expect((await listActivities(server, adminId))[0]).toMatchObject({
      type: 'PARTICIPANT_SUBSCRIBED',
      origin: 'ORGANIZER',
      details: { name: 'Jonas Weiß' },
    });
  });
});

describe('the participant list', () => {
  it('puts confirmed participants after the last full block of teams on the waiting list (18, 20, 24 of 3 meals)', async () => {
    const { adminId } = await newDinner(server);
    await addMany(adminId, 5);
    let res = await listParticipants(server, adminId);
    expect(res.participants).toHaveLength(5);
    expect(res.participantsWaitingList).toEqual([]);
    expect(res.waitingList).toEqual({
      minimumParticipants: 18,
      blockSize: 6,
      teamMembers: 0,
      waiting: 0,
      missingForNextBlock: 13,
    });

    await addMany(adminId, 13, 6);
    res = await listParticipants(server, adminId);
    expect(numbers(res.participants)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(res.participantsWaitingList).toEqual([]);
    expect(res.waitingList).toEqual({
      minimumParticipants: 18,
      blockSize: 6,
      teamMembers: 18,
      waiting: 0,
      missingForNextBlock: 6,
    });

    await addMany(adminId, 2, 19);
    res = await listParticipants(server, adminId);
    expect(res.participants).toHaveLength(18);
    expect(lastnames(res.participantsWaitingList)).toEqual(['Nummer19', 'Nummer20']);
    expect(res.waitingList).toMatchObject({ teamMembers: 18, waiting: 2, missingForNextBlock: 4 });

    await addMany(adminId, 4, 21);
    res = await listParticipants(server, adminId);
    expect(numbers(res.participants)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(res.participantsWaitingList).toEqual([]);
    expect(res.waitingList).toMatchObject({ teamMembers: 24, waiting: 0, missingForNextBlock: 6 });
  });

  it('uses the meals of the event (2 meals: at least 8, blocks of 4)', async () => {
    const { adminId } = await newDinner(server, twoMealBody());
    await addMany(adminId, 10);
    const res = await listParticipants(server, adminId);
    expect(res.participants).toHaveLength(8);
    expect(lastnames(res.participantsWaitingList)).toEqual(['Nummer9', 'Nummer10']);
    expect(res.waitingList).toEqual({
      minimumParticipants: 8,
      blockSize: 4,
      teamMembers: 8,
      waiting: 2,
      missingForNextBlock: 2,
    });
  });

  it('lists unconfirmed registrations apart; they count for no team', async () => {
    const { adminId } = await newDinner(server);
    await addMany(adminId, 18);
    const unconfirmed = await insertUnconfirmed(adminId, { lastname: 'Unbestätigt' });
    await addMany(adminId, 1, 19);
    const res = await listParticipants(server, adminId);
    expect(res.participants).toHaveLength(18);
    expect(lastnames(res.participantsWaitingList)).toEqual(['Nummer19']);
    expect(res.unconfirmedParticipants).toEqual([
      expect.objectContaining({ id: unconfirmed.id, lastname: 'Unbestätigt', participantNumber: 19, activated: false }),
    ]);
  });

  it('shows the partner-wish state of each participant', async () => {
    const { adminId } = await newDinner(server);
    const anna = await addParticipant(server, adminId, {
      lastname: 'Anna',
      email: 'anna@example.org',
      teamPartnerWishEmail: 'ben@example.org',
    });
    const ben = await addParticipant(server, adminId, {
      lastname: 'Ben',
      email: 'ben@example.org',
      teamPartnerWishEmail: 'anna@example.org',
    });
    const cem = await addParticipant(server, adminId, {
      lastname: 'Cem',
      email: 'cem@example.org',
      teamPartnerWishEmail: 'niemand@example.org',
    });
    const dora = await addParticipant(server, adminId, { lastname: 'Dora', email: 'dora@example.org' });
    await insertUnconfirmed(adminId, {
      lastname: 'Emil',
      email: 'emil@example.org',
      team_partner_wish_email: 'dora@example.org',
    });
    const res = await listParticipants(server, adminId);
    const wishOf = (id: string) =>
      [...res.participants, ...res.unconfirmedParticipants].find((p: { id: string }) => p.id === id).teamPartnerWish;
    expect(wishOf(anna.id)).toEqual({ state: 'EXISTS_SAME_TEAM_PARTNER_WISH', partnerId: ben.id });
    expect(wishOf(ben.id)).toEqual({ state: 'EXISTS_SAME_TEAM_PARTNER_WISH', partnerId: anna.id });
    expect(wishOf(cem.id)).toEqual({ state: 'NOT_EXISTING', partnerId: null });
    expect(wishOf(dora.id)).toMatchObject({ state: 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES' });
    expect(res.unconfirmedParticipants[0].teamPartnerWish).toEqual({
      state: 'EXISTS_EMPTY_TEAM_PARTNER_WISH',
      partnerId: dora.id,
    });
  });
});

describe('changing a participant', () => {
  it('changes the fields and keeps number, confirmation and id', async () => {
    const { adminId } = await newDinner(server);
    const [, second] = await addMany(adminId, 2);
    const input = participantInput({
      lastname: 'Neu',
      email: 'gast2@example.org',
      age: '',
      vegan: true,
      notes: 'Zeile 1\nZeile 2',
    });
    const res = await call(server, 'PUT', participantsPath(adminId, `/participant/${second.id}`), input);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...second, ...input, age: -1, numSeats: 6 });
    expect((await call(server, 'GET', participantsPath(adminId, `/participants/${second.id}`))).json).toEqual(res.json);
  });

  it("refuses another participant's e-mail address in any spelling, in English and German", async () => {
    const { adminId } = await newDinner(server);
    const [first, second] = await addMany(adminId, 2);
    const taken = bilingual(
      'This e-mail address is already registered for this running dinner',
      'Diese E-Mail-Adresse ist für dieses Running Dinner bereits angemeldet',
    );
    const put = (headers: RequestHeaders) =>
      call(
        server,
        'PUT',
        participantsPath(adminId, `/participant/${second.id}`),
        participantInput({ email: ` ${first.email.toUpperCase()} ` }),
        headers,
      );
    await expectIssues(put, [{ field: 'email', ...taken }]);
    expect((await call(server, 'GET', participantsPath(adminId, `/participant/${second.id}`))).json).toEqual(second);
  });

  it.each(INPUT_REFUSALS)(
    'refuses %s, in English and German, and keeps the participant as it was',
    async (_case, body, issue) => {
      const { adminId } = await newDinner(server);
      const [participant] = await addMany(adminId, 1);
      await expectIssues(
        (headers) => call(server, 'PUT', participantsPath(adminId, `/participant/${participant.id}`), body, headers),
        [issue],
      );
      expect((await call(server, 'GET', participantsPath(adminId, `/participant/${participant.id}`))).json).toEqual(
        participant,
      );
    },
  );
});

describe('deleting a participant', () => {
  it('moves the later participants up so the numbers stay 1..n', async () => {
    const { adminId } = await newDinner(server);
    const added = await addMany(adminId, 6);
    const res = await call(server, 'DELETE', participantsPath(adminId, `/participant/${added[2].id}`));
    expect(res.status).toBe(204);
    const after = (await listParticipants(server, adminId)).participants;
    expect(lastnames(after)).toEqual(['Nummer1', 'Nummer2', 'Nummer4', 'Nummer5', 'Nummer6']);
    expect(numbers(after)).toEqual([1, 2, 3, 4, 5]);
    expect((await call(server, 'GET', participantsPath(adminId, `/participant/${added[2].id}`))).status).toBe(404);
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${added[5].id}`));
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${added[0].id}`));
    expect((await addParticipant(server, adminId, { email: '' })).participantNumber).toBe(4);
    expect(numbers((await listParticipants(server, adminId)).participants)).toEqual([1, 2, 3, 4]);
  });

  it('records the name of the removed participant and no id', async () => {
    const { adminId } = await newDinner(server);
    const [p] = await addMany(adminId, 1);
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${p.id}`));
    const [latest] = await listActivities(server, adminId);
    expect(latest).toMatchObject({
      type: 'PARTICIPANT_UNSUBSCRIBED',
      origin: 'ORGANIZER',
      details: { name: 'Gast1 Nummer1' },
    });
    expect(JSON.stringify(latest.details)).not.toContain(p.id);
  });

  it('leaves the partner registered together as a single participant', async () => {
    const { adminId } = await newDinner(server);
    const first = await insertRegisteredTogether(adminId);
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${first.partner.id}`));
    expect(
      (await call(server, 'GET', participantsPath(adminId, `/participant/${first.root.id}`))).json
        .teamPartnerWishOriginatorId,
    ).toBeNull();

    const second = await insertRegisteredTogether(adminId);
    await call(server, 'DELETE', participantsPath(adminId, `/participant/${second.root.id}`));
    expect(
      (await call(server, 'GET', participantsPath(adminId, `/participant/${second.partner.id}`))).json
        .teamPartnerWishOriginatorId,
    ).toBeNull();
    expect(numbers((await listParticipants(server, adminId)).unconfirmedParticipants)).toEqual([1, 2]);
  });

  it('refuses a participant who is in a team, in English and German', async () => {
    const { adminId } = await newDinner(server);
    const [p, other] = await addMany(adminId, 2);
    await putIntoTeam(adminId, p.id);
    const inTeam = bilingual(
      'This participant is already in a team and can neither be deleted nor moved',
      'Diese Person ist bereits in einem Team und kann weder gelöscht noch verschoben werden',
    );
    const en = await call(server, 'DELETE', participantsPath(adminId, `/participant/${p.id}`));
    expect(en.status).toBe(409);
    expect(en.json).toEqual({ code: 'participant_in_team', message: inTeam.en });
    expect(
      (await call(server, 'DELETE', participantsPath(adminId, `/participant/${p.id}`), undefined, GERMAN)).json.message,
    ).toBe(inTeam.de);
    const swap = await call(
      server,
      'PUT',
      participantsPath(adminId, `/participants/swap/${other.id}/${p.id}`),
      undefined,
      GERMAN,
    );
    expect(swap.status).toBe(409);
    expect(swap.json.message).toBe(inTeam.de);
    // Nothing moved; with teams made, the one without a team waits.
    const list = await listParticipants(server, adminId);
    expect([numbers(list.participants), numbers(list.participantsWaitingList)]).toEqual([[1], [2]]);
  });
});

describe('confirming a registration by hand', () => {
  it('confirms once; confirming again changes nothing', async () => {
    const { adminId } = await newDinner(server);
    const row = await insertUnconfirmed(adminId);
    const res = await call(server, 'PUT', participantsPath(adminId, `/participant/${row.id}/activate`));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: row.id, activated: true, participantNumber: 1 });
    const stored = await server.deps.db
      .selectFrom('participant')
      .select('activated_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const again = await call(server, 'PUT', participantsPath(adminId, `/participant/${row.id}/activate`));
    expect(again.json).toEqual(res.json);
    expect(
      await server.deps.db
        .selectFrom('participant')
        .select('activated_at')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(stored);
    const after = await listParticipants(server, adminId);
    expect(after.participants.map((p: { id: string }) => p.id)).toEqual([row.id]);
    expect(after.unconfirmedParticipants).toEqual([]);
  });

  it('confirms the partner registered together too', async () => {
    const { adminId } = await newDinner(server);
    const { root, partner } = await insertRegisteredTogether(adminId);
    const other = await insertUnconfirmed(adminId);
    await call(server, 'PUT', participantsPath(adminId, `/participant/${partner.id}/activate`));
    const res = await listParticipants(server, adminId);
    expect(res.participants.map((p: { id: string }) => p.id)).toEqual([root.id, partner.id]);
    expect(res.unconfirmedParticipants.map((p: { id: string }) => p.id)).toEqual([other.id]);
  });

  it('is refused for a demo, in English and German', async () => {
    const { adminId } = await newDinner(server, demoBody());
    const [demoParticipant] = (await listParticipants(server, adminId)).participants;
    const refused = bilingual(
      'Registrations of a demo running dinner cannot be confirmed',
      'Anmeldungen eines Demo-Running-Dinners können nicht bestätigt werden',
    );
    const en = await call(server, 'PUT', participantsPath(adminId, `/participant/${demoParticipant.id}/activate`));
    expect(en.status).toBe(409);
    expect(en.json).toEqual({ code: 'demo_cannot_activate', message: refused.en });
    expect(
      (
        await call(
          server,
          'PUT',
          participantsPath(adminId, `/participant/${demoParticipant.id}/activate`),
          undefined,
          GERMAN,
        )
      ).json.message,
    ).toBe(refused.de);
  });
});

describe('swapping two participants', () => {
  it('swaps their numbers and answers the new list', async () => {
    const { adminId } = await newDinner(server);
    const added = await addMany(adminId, 4);
    const res = await call(
      server,
      'PUT',
      participantsPath(adminId, `/participants/swap/${added[0].id}/${added[3].id}`),
    );
    expect(res.status).toBe(200);
    expect(lastnames(res.json.participants)).toEqual(['Nummer4', 'Nummer2', 'Nummer3', 'Nummer1']);
    expect(numbers(res.json.participants)).toEqual([1, 2, 3, 4]);
    expect(await listParticipants(server, adminId)).toEqual(res.json);
  });

  it('moves a participant from the waiting list into the teams', async () => {
    const { adminId } = await newDinner(server);
    const added = await addMany(adminId, 19);
    const res = await call(
      server,
      'PUT',
      participantsPath(adminId, `/participants/swap/${added[18].id}/${added[0].id}`),
    );
    expect(lastnames(res.json.participantsWaitingList)).toEqual(['Nummer1']);
    expect(res.json.participants[0].lastname).toBe('Nummer19');
  });

  it('refuses swapping a participant with themselves and unknown participants', async () => {
    const { adminId } = await newDinner(server);
    const [p] = await addMany(adminId, 1);
    const self = bilingual(
      'A participant cannot swap places with themselves',
      'Eine Person kann nicht mit sich selbst den Platz tauschen',
    );
    const en = await call(server, 'PUT', participantsPath(adminId, `/participants/swap/${p.id}/${p.id}`));
    expect(en.status).toBe(406);
    expect(en.json).toEqual({ issues: [{ message: self.en }] });
    expect(
      (await call(server, 'PUT', participantsPath(adminId, `/participants/swap/${p.id}/${p.id}`), undefined, GERMAN))
        .json,
    ).toEqual({ issues: [{ message: self.de }] });
    expect(
      (await call(server, 'PUT', participantsPath(adminId, `/participants/swap/${p.id}/${crypto.randomUUID()}`)))
        .status,
    ).toBe(404);
  });
});

describe('unknown ids', () => {
  it('answer 404 for a wrong admin id and for participants of another event', async () => {
    const { adminId } = await newDinner(server);
    const other = await newDinner(server);
    const [mine] = await addMany(adminId, 2);
    const [foreign] = await addMany(other.adminId, 1);
    const notFound = {
      code: 'not_found',
      message: 'Not found: the link is wrong or the running dinner no longer exists',
    };
    const requests: [string, string, object?][] = [
      ['GET', participantsPath(crypto.randomUUID(), '/participants')],
      ['GET', participantsPath('not-a-uuid', '/participants')],
      ['POST', participantsPath(crypto.randomUUID(), '/participant'), participantInput()],
      ['GET', participantsPath(crypto.randomUUID(), '/participants/export')],
      ['GET', participantsPath(adminId, `/participants/${foreign.id}`)],
      ['GET', participantsPath(adminId, `/participant/${crypto.randomUUID()}`)],
      ['GET', participantsPath(adminId, '/participant/nicht-da')],
      ['PUT', participantsPath(adminId, `/participant/${foreign.id}`), participantInput()],
      ['DELETE', participantsPath(adminId, `/participant/${foreign.id}`)],
      ['PUT', participantsPath(adminId, `/participant/${foreign.id}/activate`)],
      ['PUT', participantsPath(adminId, `/participants/swap/${mine.id}/${foreign.id}`)],
    ];
    for (const [method, path, body] of requests) {
      const res = await call(server, method, path, body);
      expect({ path, status: res.status, json: res.json }).toEqual({ path, status: 404, json: notFound });
    }
    const german = await call(
      server,
      'GET',
      participantsPath(adminId, `/participant/${foreign.id}`),
      undefined,
      GERMAN,
    );
    expect(german.json.message).toBe('Nicht gefunden: Der Link ist falsch oder das Running Dinner gibt es nicht mehr');
    expect((await call(server, 'GET', participantsPath(other.adminId, `/participant/${foreign.id}`))).json).toEqual(
      foreign,
    );
    expect((await listParticipants(server, adminId)).participants).toHaveLength(2);
  });
});

describe('a read-only event', () => {
  it('refuses every change once cancelled, in English and German', async () => {
    const { adminId } = await newDinner(server);
    const [p, q] = await addMany(adminId, 2);
    const unconfirmed = await insertUnconfirmed(adminId);
    await call(server, 'DELETE', adminPath(adminId));
    const changes: [string, string, object?][] = [
      ['POST', '/participant', participantInput({ email: 'neu@example.org' })],
      ['PUT', `/participant/${p.id}`, participantInput({ lastname: 'Anders' })],
      ['DELETE', `/participant/${p.id}`],
      ['PUT', `/participant/${unconfirmed.id}/activate`],
      ['PUT', `/participants/swap/${p.id}/${q.id}`],
    ];
    for (const [method, path, body] of changes) {
      const res = await call(server, method, participantsPath(adminId, path), body);
      expect({ path, status: res.status, json: res.json }).toEqual({
        path,
        status: 409,
        json: { code: 'dinner_cancelled', message: 'This running dinner was cancelled and can no longer be changed' },
      });
    }
    const german = await call(server, 'DELETE', participantsPath(adminId, `/participant/${p.id}`), undefined, GERMAN);
    expect(german.json.message).toBe('Dieses Running Dinner wurde abgesagt und kann nicht mehr geändert werden');
    const after = await listParticipants(server, adminId);
    expect(
      [...after.participants, ...after.unconfirmedParticipants].map(
        (x: { lastname: string; participantNumber: number }) => [x.lastname, x.participantNumber],
      ),
    ).toEqual([
      ['Nummer1', 1],
      ['Nummer2', 2],
      ['Registriert', 3],
    ]);
  });

  // Last in this file: it moves the server's clock past the dinner.
  it('refuses changes after the dinner took place, but still lists and exports', async () => {
    const { adminId } = await newDinner(server, createBody({ date: inDays(2) }));
    const [p] = await addMany(adminId, 1);
    server.clock.advance(3 * DAY_MS);
    const res = await call(
      server,
      'PUT',
      participantsPath(adminId, `/participant/${p.id}`),
      participantInput(),
      GERMAN,
    );
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'dinner_date_passed',
      message: 'Dieses Running Dinner hat bereits stattgefunden und kann nicht mehr geändert werden',
    });
    expect((await call(server, 'DELETE', participantsPath(adminId, `/participant/${p.id}`))).json.message).toBe(
      'This running dinner has already taken place and can no longer be changed',
    );
    expect((await listParticipants(server, adminId)).participants).toHaveLength(1);
    expect((await call(server, 'GET', participantsPath(adminId, '/participants/export?format=csv'))).status).toBe(200);
  });
});
