import { describe, expect, it } from 'vitest';
import { bilingual, expectIssues } from '../support/bilingual.js';
import {
  adminPath,
  createBody,
  createDinner,
  participantInput,
  participantsPath,
  registrationForm,
} from '../support/factories.js';
import { createPublicDinner, type PublicDinner, register } from '../support/registration.js';
import { call, type RequestHeaders } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Single-line values go into mail bodies (the invitation to a third party among them) as they are: a line break
// there forges lines. Free text keeps its lines, but no other control character.

const server = useTestServer();

const LINE_BREAK = bilingual(
  'Line breaks and control characters are not allowed here',
  'Zeilenumbrüche und Steuerzeichen sind hier nicht erlaubt',
);
const CONTROL_IN_TEXT = bilingual('Control characters are not allowed', 'Steuerzeichen sind nicht erlaubt');
const INVALID_CHARACTER = bilingual(
  'Contains an incomplete or invalid character',
  'Enthält ein unvollständiges oder ungültiges Zeichen',
);

const LONE_SURROGATE = '\ud800';

/** The rows a registration writes: participants and the mails to them. */
async function footprint(dinner: PublicDinner) {
  const participants = await server.deps.db
    .selectFrom('participant')
    .select('id')
    .where('running_dinner_id', '=', dinner.id)
    .execute();
  const mails = await server.deps.db
    .selectFrom('message_task')
    .select('id')
    .where('running_dinner_id', '=', dinner.id)
    .where('participant_id', 'is not', null)
    .execute();
  return { participants: participants.length, mails: mails.length };
}

const countDinners = async () =>
  (
    await server.deps.db
      .selectFrom('running_dinner')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const addParticipant = (adminId: string, fields: Record<string, unknown>, headers: RequestHeaders = {}) =>
  call(server, 'POST', participantsPath(adminId, '/participant'), participantInput(fields), headers);

describe('a single-line field', () => {
  it.each([
    ['a mail header after a line feed', 'Eve\nBcc: x@evil.test'],
    ['a carriage return', 'Eve\rBcc: x@evil.test'],
    ['a tab', 'Eve\tAdams'],
    ['a NUL byte', 'Eve\u0000'],
    ['DEL', 'Eve\u007f'],
    ['the C1 next line', 'Eve\u0085Bcc: x@evil.test'],
    ['the line separator', 'Eve\u2028Bcc: x@evil.test'],
  ])('refuses a first name with %s and stores nothing', async (_case, firstnamePart) => {
    const dinner = await createPublicDinner(server);
    await expectIssues(
      (headers) => register(server, dinner, registrationForm({ firstnamePart }), headers),
      [{ field: 'firstnamePart', ...LINE_BREAK }],
    );
    expect(await footprint(dinner)).toEqual({ participants: 0, mails: 0 });
  });

  it('refuses a title and an organiser name with a line break when the dinner is created, naming both', async () => {
    const body = createBody();
    const before = await countDinners();
    const broken = {
      ...body,
      basicDetails: { ...body.basicDetails, title: 'Dinner\nBcc: x@evil.test' },
      contract: { ...body.contract, fullname: 'Clara\r\nÖztürk' },
    };
    await expectIssues(
      (headers) => call(server, 'POST', '/wizardservice/v1/create', broken, headers),
      [
        { field: 'basicDetails.title', ...LINE_BREAK },
        { field: 'contract.fullname', ...LINE_BREAK },
      ],
    );
    expect(await countDinners()).toBe(before);
  });

  it("refuses the public contact's name with a line break when the wizard checks the step", async () => {
    const { publicSettings } = createBody();
    const res = await call(
      server,
      'PUT',
      `/wizardservice/v1/validate/publicsettings?runningDinnerDate=${createBody().basicDetails.date}`,
      {
        ...publicSettings,
        publicContactName: 'Clara\u2029Öztürk',
      },
    );
    expect(res.status, res.text).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'publicContactName', message: LINE_BREAK.en }] });
  });
});

describe('a free-text field', () => {
  const FREE_TEXT = [
    ["the participant's notes", 'notes'],
    ["the participant's address remarks", 'addressRemarks'],
    ["the participant's meal-specifics note", 'mealSpecificsNote'],
  ] as const;

  it.each(FREE_TEXT)('%s keep line breaks and tabs but refuse NUL and ESC', async (_case, field) => {
    const { runningDinner } = await createDinner(server);
    const added = await addParticipant(runningDinner.adminId, { [field]: 'line 1\nline 2\r\n\tline 3' });
    expect(added.status, added.text).toBe(200);
    expect(added.json[field]).toBe('line 1\nline 2\n\tline 3');
    for (const control of ['\u0000', '\u001b[31m']) {
      await expectIssues(
        (headers) => addParticipant(runningDinner.adminId, { [field]: `line 1${control}` }, headers),
        [{ field, ...CONTROL_IN_TEXT }],
      );
    }
  });

  it('the event description keeps its lines but refuses NUL and ESC', async () => {
    const body = createBody();
    const description = 'Drei Gänge,\ndrei Küchen.\n\n\tBis bald!';
    const { runningDinner } = await createDinner(server, {
      ...body,
      publicSettings: { ...body.publicSettings, description },
    });
    expect(runningDinner.publicSettings.description).toBe(description);
    for (const control of ['\u0000', '\u001b']) {
      const settings = { ...body.publicSettings, description: `${description}${control}` };
      await expectIssues(
        (headers) => call(server, 'PUT', adminPath(runningDinner.adminId, '/publicsettings'), settings, headers),
        [{ field: 'description', ...CONTROL_IN_TEXT }],
      );
    }
    expect((await call(server, 'GET', adminPath(runningDinner.adminId))).json.publicSettings.description).toBe(
      description,
    );
  });
});

describe('characters beyond control characters', () => {
  it.each([
    ['a name', 'lastname'],
    ['free text', 'notes'],
  ] as const)(
    'in %s: a lone surrogate is refused, an emoji and an RTL mark are stored as sent',
    async (_case, field) => {
      const { runningDinner } = await createDinner(server);
      await expectIssues(
        (headers) => addParticipant(runningDinner.adminId, { [field]: `Pasta${LONE_SURROGATE}` }, headers),
        [{ field, ...INVALID_CHARACTER }],
      );
      const value = 'Pasta 🍝 \u200fמרק';
      const added = await addParticipant(runningDinner.adminId, { [field]: value });
      expect(added.status, added.text).toBe(200);
      expect(
        (await call(server, 'GET', participantsPath(runningDinner.adminId, `/participant/${added.json.id}`))).json[
          field
        ],
      ).toBe(value);
    },
  );

  it('a body with the JSON escape of a lone surrogate is refused', async () => {
    const dinner = await createPublicDinner(server);
    const form = JSON.stringify(registrationForm()).replace('"Jonas"', '"Jonas\\ud800"');
    const res = await register(server, dinner, form);
    expect(res.status, res.text).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'firstnamePart', message: INVALID_CHARACTER.en }] });
    expect(await footprint(dinner)).toEqual({ participants: 0, mails: 0 });
  });
});

describe('several fields with control characters', () => {
  it('are all named at once', async () => {
    const dinner = await createPublicDinner(server);
    const form = registrationForm({ firstnamePart: 'Eve\nBcc: x@evil.test', mealSpecificsNote: 'keine Nüsse\u0000' });
    await expectIssues(
      (headers) => register(server, dinner, form, headers),
      [
        { field: 'firstnamePart', ...LINE_BREAK },
        { field: 'mealSpecificsNote', ...CONTROL_IN_TEXT },
      ],
    );
    expect(await footprint(dinner)).toEqual({ participants: 0, mails: 0 });
  });
});
