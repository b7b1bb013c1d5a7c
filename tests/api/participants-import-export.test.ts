import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantListItem } from '../../contract/participants.js';
import { bilingual } from '../support/bilingual.js';
import {
  adminPath,
  createBody,
  newDinner,
  participantInput,
  participantsPath,
  withOptions,
} from '../support/factories.js';
import { addParticipant, insertRegistered, listActivities, listParticipants } from '../support/participants.js';
import { call, GERMAN, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CSV = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function download(adminId: string, query = '', headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/rest${participantsPath(adminId, `/participants/export${query}`)}`, {
    headers: { 'Accept-Language': 'en', ...headers },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function upload(
  adminId: string,
  suffix: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}/rest${participantsPath(adminId, suffix)}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'Accept-Language': 'en', ...headers },
    body: typeof body === 'string' ? body : new Blob([body]),
  });
  const responseText = await response.text();
  return { status: response.status, json: responseText ? JSON.parse(responseText) : undefined };
}
const preview = (
  adminId: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType = CSV,
  headers: Record<string, string> = {},
) => upload(adminId, '/participants/import/preview', body, contentType, headers);
const importFile = (
  adminId: string,
  body: string | Uint8Array<ArrayBuffer>,
  query = '',
  contentType = CSV,
  headers: Record<string, string> = {},
) => upload(adminId, `/participants/import${query}`, body, contentType, headers);

const everyone = async (adminId: string): Promise<ParticipantListItem[]> => {
  const res = await listParticipants(server, adminId);
  return [...res.participants, ...res.participantsWaitingList, ...res.unconfirmedParticipants];
};

/** The first sheet of a workbook as rows of cells. */
function sheetRows(bytes: Uint8Array, raw = false): unknown[][] {
  const workbook = XLSX.read(bytes, { type: 'array' });
  return XLSX.utils.sheet_to_json(workbook.Sheets[workbook.SheetNames[0]], { header: 1, raw, defval: '' });
}

/** A source event with every kind of participant and value a file can break on. */
async function sourceEvent() {
  const { adminId } = await newDinner(server);
  await addParticipant(server, adminId, {
    firstnamePart: 'Jürgen',
    lastname: 'Groß-Übel',
    email: 'juergen@example.org',
    gender: 'FEMALE',
    mobileNumber: '+49 170 1234567',
    street: 'Schönbergstraße',
    streetNr: '12a',
    zip: '01234',
    cityName: 'Dresden',
    addressRemarks: 'Hinterhaus; 2. OG, "links"',
    age: 34,
    numSeats: 8,
    vegetarian: true,
    lactose: true,
    gluten: false,
    vegan: true,
    mealSpecificsNote: 'Keine Nüsse,\nkein Koriander',
    notes: 'Zeile 1\nZeile 2 mit "Anführungszeichen"; und Semikolon\n\tZeile 3',
    teamPartnerWishEmail: 'lea@example.org',
  });
  await addParticipant(server, adminId, {
    firstnamePart: '@Chef',
    lastname: '=HYPERLINK("http://evil.test","klick")',
    email: '',
    gender: 'MALE',
    mobileNumber: '-',
    age: '',
    numSeats: 0,
    mealSpecificsNote: "'=schon mit Apostroph",
    notes: 'Zoë 😀 ‏שלום',
  });
  await insertRegistered(
    server,
    adminId,
    {
      firstnamePart: 'Lea',
      lastname: 'English',
      email: 'lea@example.org',
      teamPartnerWishEmail: 'juergen@example.org',
      gender: 'UNDEFINED',
    },
    { language_code: 'en' },
  );
  await insertRegistered(
    server,
    adminId,
    { firstnamePart: 'Ulla', lastname: 'Unbestätigt', email: 'ulla@example.org', zip: '00100' },
    { activated_at: null },
  );
  const rootId = crypto.randomUUID();
  await insertRegistered(
    server,
    adminId,
    { firstnamePart: 'Paula', lastname: 'Paar', email: 'paula@example.org', gender: 'DIVERSE' },
    { id: rootId, team_partner_wish_originator_id: rootId },
  );
  await insertRegistered(
    server,
    adminId,
    { firstnamePart: 'Peter', lastname: 'Paar', email: '', age: '', numSeats: '' },
    { team_partner_wish_originator_id: rootId },
  );
  await addParticipant(server, adminId, {
    lastname: 'Minimal',
    firstnamePart: '',
    email: '',
    mobileNumber: '',
    street: '',
    streetNr: '',
    zip: '',
    cityName: '',
    addressRemarks: '',
    age: '',
    numSeats: '',
  });
  return { adminId };
}

/** Everything but ids, numbers, timestamps and confirmation; ids replaced by the first name of whom they name. */
function comparable(participants: ParticipantListItem[]) {
  const firstnameOf = (id: string | null | undefined) => participants.find((p) => p.id === id)?.firstnamePart ?? null;
  return participants.map(
    ({ id, participantNumber, createdAt, activated, teamPartnerWishOriginatorId, teamPartnerWish, ...fields }) => ({
      ...fields,
      registeredBy: firstnameOf(teamPartnerWishOriginatorId),
      wish: teamPartnerWish && { state: teamPartnerWish.state, partner: firstnameOf(teamPartnerWish.partnerId) },
    }),
  );
}

describe('the export', () => {
  it('downloads an Excel workbook by default, named after the event, with a header row in English', async () => {
    const { adminId } = await sourceEvent();
    const res = await download(adminId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const fileName = 'Weihnachtsdinner Wiehre - participants';
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${fileName}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`,
    );
    const rows = sheetRows(res.bytes, true);
    expect(rows[0].slice(0, 5)).toEqual(['No.', 'First name', 'Last name', 'Gender', 'E-mail']);
    expect(rows[0]).toHaveLength(23);
    const yes = bilingual('yes', 'ja').en;
    const no = bilingual('no', 'nein').en;
    // Numbers stay numbers, zip codes stay text, unknown age is empty; confirmed ones first.
    expect(rows[1]).toEqual([
      1,
      'Jürgen',
      'Groß-Übel',
      bilingual('female', 'weiblich').en,
      'juergen@example.org',
      '+49 170 1234567',
      'Schönbergstraße',
      '12a',
      '01234',
      'Dresden',
      'Hinterhaus; 2. OG, "links"',
      34,
      8,
      yes,
      yes,
      no,
      yes,
      'Keine Nüsse,\nkein Koriander',
      'lea@example.org',
      '',
      'Zeile 1\nZeile 2 mit "Anführungszeichen"; und Semikolon\n\tZeile 3',
      'de',
      yes,
    ]);
    expect(rows[2][11]).toBe('');
    expect(rows.map((r) => r[2])).toEqual([
      rows[0][2],
      'Groß-Übel',
      '=HYPERLINK("http://evil.test","klick")',
      'English',
      'Paar',
      'Paar',
      'Minimal',
      'Unbestätigt',
    ]);
    expect(rows.slice(4, 6).map((r) => [r[0], r[19]])).toEqual([
      [5, 6],
      [6, 5],
    ]);
    expect(rows[7].at(-1)).toBe(no);
  });

  it('writes a German CSV with semicolons, a byte order mark, every cell quoted and formulas guarded', async () => {
    const { adminId } = await sourceEvent();
    const res = await download(adminId, '?format=csv', GERMAN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+\.csv"; filename\*=UTF-8''.+\.csv$/,
    );
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(res.bytes);
    const [header, first] = csv.split('\r\n');
    expect(header.split(';')).toHaveLength(23);
    expect(first.startsWith('"1";"Jürgen";"Groß-Übel";')).toBe(true);
    expect(first).toContain(';"01234";');
    expect(csv).toContain(`;"'=HYPERLINK(""http://evil.test"",""klick"")";`);
    expect(csv).toContain(`;"'+49 170 1234567";`);
    expect(header.startsWith('"Nr.";"Vorname";"Nachname";"Geschlecht";"E-Mail";')).toBe(true);
  });

  it('names the file after the title without characters a file name cannot have', async () => {
    const body = createBody();
    const { adminId } = await newDinner(server, {
      ...body,
      basicDetails: { ...body.basicDetails, title: 'Straße/Öst: "Dinner" *2026*' },
    });
    const res = await download(adminId, '?format=csv');
    const name = bilingual('Straße Öst Dinner 2026 - participants', '').en;
    const ascii = name.replace('ß', 'ss').replace('Ö', 'O');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`,
    );
  });

  it('refuses an unknown format', async () => {
    const { adminId } = await newDinner(server);
    const res = await call(server, 'GET', participantsPath(adminId, '/participants/export?format=pdf'));
    expect(res.status).toBe(406);
    expect(res.json).toEqual({ issues: [{ field: 'format', message: 'Invalid value' }] });
  });
});

describe('export and import', () => {
  it.each([
    ['csv', 'de'],
    ['csv', 'en'],
    ['xlsx', 'de'],
    ['xlsx', 'en'],
  ] as const)('give identical participants in another event (%s, %s)', async (format, language) => {
    const source = await sourceEvent();
    const file = await download(source.adminId, `?format=${format}`, { 'Accept-Language': language });
    const target = await newDinner(server);
    await addParticipant(server, target.adminId, { lastname: 'Schon da', email: 'schon@example.org' });

    const checked = await preview(target.adminId, file.bytes, format === 'csv' ? CSV : XLSX_TYPE, {
      'Accept-Language': language,
    });
    expect(checked.status).toBe(200);
    expect(checked.json.rows.flatMap((r: { issues: unknown[] }) => r.issues)).toEqual([]);
    expect(checked.json).toMatchObject({ validCount: 7, invalidCount: 0, ignoredColumns: [] });
    const res = await importFile(target.adminId, file.bytes, '', format === 'csv' ? CSV : XLSX_TYPE, {
      'Accept-Language': language,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 7, skipped: 0 });

    const exported = await everyone(source.adminId);
    const ordered = [...exported.filter((p) => p.activated), ...exported.filter((p) => !p.activated)];
    const imported = (await everyone(target.adminId)).slice(1);
    expect(comparable(imported)).toEqual(comparable(ordered));
    expect(imported.find((p) => p.firstnamePart === 'Paula')!.gender).toBe('DIVERSE');
    // Unconfirmed registrations stay unconfirmed: the import does not let them skip the mailed link.
    expect(imported.map((p) => [p.participantNumber, p.activated])).toEqual(
      ordered.map((p, i) => [i + 2, p.activated]),
    );
    expect(imported.some((p) => !p.activated)).toBe(true);
    // The pair stays a pair, registered by the same one of the two.
    const pair = imported.filter((p) => p.lastname === 'Paar');
    expect(pair.map((p) => p.teamPartnerWishOriginatorId)).toEqual([pair[0].id, pair[0].id]);
  });
});

describe('the import preview', () => {
  const file = [
    'Last name,First name,E-mail,Age,Vegetarian,Gender,Zip code,Favourite colour',
    'Gut,Greta,greta@example.org,41,yes,female,01234,blau',
    ',Ohne,ohne@example.org,,,,,',
    'Alt,Albert,albert@example.org,200,ja,MALE,79100,',
    'Kaputt,Karl,kein-at,,x,,,',
    'Doppelt,Dora,GRETA@example.org,,nein,,,',
    'Schon,Sven,schon@example.org,,0,,,',
    'Vage,Vera,,,vielleicht,sonstiges,,',
    ',,,,,,,',
    'Lang,Lars,,,,,12345678901,',
  ].join('\n');

  it('reports each row with its issues, in English, and stores nothing', async () => {
    const { adminId } = await newDinner(server);
    await addParticipant(server, adminId, { lastname: 'Schon da', email: 'schon@example.org' });
    const before = await listActivities(server, adminId);
    const res = await preview(adminId, file);
    expect(res.status).toBe(200);
    expect(res.json.validCount).toBe(1);
    expect(res.json.invalidCount).toBe(7);
    expect(res.json.ignoredColumns).toEqual(['Favourite colour']);
    const twice = bilingual(
      'This e-mail address is already in row 2 of the file',
      'Diese E-Mail-Adresse steht schon in Zeile 2 der Datei',
    );
    const taken = bilingual('This e-mail address is already registered for this running dinner', '');
    const age = bilingual('Age must be between 1 and 100', '');
    expect(res.json.rows.map((r: { rowNumber: number; issues: unknown[] }) => [r.rowNumber, r.issues])).toEqual([
      [2, []],
      [3, [{ field: 'lastname', message: 'Required field' }]],
      [4, [{ field: 'age', message: age.en }]],
      [5, [{ field: 'email', message: 'Invalid e-mail address' }]],
      [6, [{ field: 'email', message: twice.en }]],
      [7, [{ field: 'email', message: taken.en }]],
      [
        8,
        [
          { field: 'gender', message: 'Invalid value' },
          { field: 'vegetarian', message: 'Invalid value' },
        ],
      ],
      [10, [{ field: 'zip', message: 'Maximum number of characters exceeded' }]],
    ]);
    expect(res.json.rows[0].participant).toEqual({
      ...participantInput({
        firstnamePart: 'Greta',
        lastname: 'Gut',
        email: 'greta@example.org',
        age: 41,
        vegetarian: true,
        gender: 'FEMALE',
        zip: '01234',
        mobileNumber: '',
        street: '',
        streetNr: '',
        cityName: '',
        addressRemarks: '',
        numSeats: -1,
      }),
      languageCode: 'de',
      registeredTogetherWith: null,
    });
    // A row with issues shows what parses and, where it does not, the cell as written.
    expect(res.json.rows[2].participant).toMatchObject({
      lastname: 'Alt',
      age: '200',
      vegetarian: true,
      gender: 'MALE',
    });
    expect(res.json.rows[6].participant).toMatchObject({ vegetarian: 'vielleicht', gender: 'sonstiges' });
    expect((await everyone(adminId)).map((p) => p.lastname)).toEqual(['Schon da']);
    expect(await listActivities(server, adminId)).toEqual(before);
  });

  it('translates the issues into German', async () => {
    const { adminId } = await newDinner(server);
    await addParticipant(server, adminId, { lastname: 'Schon da', email: 'schon@example.org' });
    const res = await preview(adminId, file, CSV, GERMAN);
    const twice = bilingual('', 'Diese E-Mail-Adresse steht schon in Zeile 2 der Datei');
    const taken = bilingual('', 'Diese E-Mail-Adresse ist für dieses Running Dinner bereits angemeldet');
    expect(res.json.rows[1].issues).toEqual([{ field: 'lastname', message: 'Pflichtfeld' }]);
    expect(res.json.rows[4].issues).toEqual([{ field: 'email', message: twice.de }]);
    expect(res.json.rows[5].issues).toEqual([{ field: 'email', message: taken.de }]);
  });

  it('reads semicolon-separated CSV in Windows-1252 with headers in any case', async () => {
    const { adminId } = await newDinner(server);
    const latin1 = Uint8Array.from('NAME;LAST NAME;e-mail;zip code\r\nx;M\xfcller;m@example.org;00042\r\n', (ch) =>
      ch.charCodeAt(0),
    );
    const res = await preview(adminId, latin1);
    expect(res.json.ignoredColumns).toEqual(['NAME']);
    expect(res.json.rows[0].participant).toMatchObject({ lastname: 'Müller', email: 'm@example.org', zip: '00042' });
  });

  it('recognises the German headers and words', async () => {
    const { adminId } = await newDinner(server);
    const res = await preview(
      adminId,
      'Nachname;Vorname;E-Mail;Geschlecht;Vegan;Sitzplätze;Straße;Hausnummer;PLZ;Ort\nMüller;Maja;maja@example.org;weiblich;Ja;6;Hauptstr.;1;01234;Dresden\n',
    );
    expect(res.json.ignoredColumns).toEqual([]);
    expect(res.json.rows[0]).toMatchObject({
      issues: [],
      participant: {
        lastname: 'Müller',
        firstnamePart: 'Maja',
        gender: 'FEMALE',
        vegan: true,
        numSeats: 6,
        street: 'Hauptstr.',
        streetNr: '1',
        zip: '01234',
        cityName: 'Dresden',
      },
    });
  });

  it('checks participants registered together: both in the file, naming each other', async () => {
    const { adminId } = await newDinner(server);
    const csv = [
      'No.,Last name,Registered together with no.',
      '1,Eins,2',
      '2,Zwei,1',
      '3,Drei,9',
      '4,Vier,1',
      '5,Fünf,x',
    ].join('\n');
    const res = await preview(adminId, csv);
    const missing = bilingual(
      'There is no participant with the number 9 in the file',
      'In der Datei gibt es niemanden mit der Nummer 9',
    );
    const mismatch = bilingual(
      'Participant no. 1 is not registered together with this participant',
      'Nr. 1 ist nicht gemeinsam mit dieser Person angemeldet',
    );
    expect(res.json.rows.map((r: { issues: unknown[] }) => r.issues)).toEqual([
      [],
      [],
      [{ field: 'registeredTogetherWith', message: missing.en }],
      [{ field: 'registeredTogetherWith', message: mismatch.en }],
      [{ field: 'registeredTogetherWith', message: 'Invalid value' }],
    ]);
    expect(res.json.rows[4].participant.registeredTogetherWith).toBe('x');
    expect(
      (await preview(adminId, csv, CSV, GERMAN)).json.rows
        .slice(2, 4)
        .map((r: { issues: { message: string }[] }) => r.issues[0].message),
    ).toEqual([missing.de, mismatch.de]);

    const halfInvalid = ['No.,Last name,Age,Registered together with no.', '1,Eins,,2', '2,Zwei,300,1'].join('\n');
    const partnerInvalid = bilingual(
      'The partner registered together with this participant (row 3) has errors',
      'Die gemeinsam mit dieser Person angemeldete Person (Zeile 3) hat Fehler',
    );
    expect((await preview(adminId, halfInvalid)).json.rows[0].issues).toEqual([
      { field: 'registeredTogetherWith', message: partnerInvalid.en },
    ]);
    expect((await preview(adminId, halfInvalid, CSV, GERMAN)).json.rows[0].issues[0].message).toBe(partnerInvalid.de);
  });

  it('refuses partner wishes and pairs where the event takes none', async () => {
    const { adminId } = await newDinner(server, withOptions({ teamPartnerWishDisabled: true }));
    const res = await preview(
      adminId,
      'No.,Last name,Team partner wish (e-mail),Registered together with no.\n1,A,b@example.org,\n2,B,,3\n3,C,,2\n',
    );
    const disabled = bilingual('This running dinner takes no team partner wishes', '').en;
    expect(res.json.rows.map((r: { issues: unknown[] }) => r.issues)).toEqual([
      [{ field: 'teamPartnerWishEmail', message: disabled }],
      [{ field: 'registeredTogetherWith', message: disabled }],
      [{ field: 'registeredTogetherWith', message: disabled }],
    ]);
  });
});

describe('the import', () => {
  const file = [
    'Last name,E-mail,Age',
    'Erste,erste@example.org,20',
    'Falsch,falsch@example.org,999',
    'Dritte,dritte@example.org,',
    'Vierte,,abc',
  ].join('\r\n');

  it('stores nothing when a row has issues, naming row and field', async () => {
    const { adminId } = await newDinner(server);
    const age = bilingual('Age must be between 1 and 100', 'Alter muss zwischen 1 und 100 sein');
    const res = await importFile(adminId, file);
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      issues: [
        { field: 'rows.3.age', message: age.en },
        { field: 'rows.5.age', message: age.en },
      ],
    });
    expect((await importFile(adminId, file, '?skipInvalid=false', CSV, GERMAN)).json.issues[0]).toEqual({
      field: 'rows.3.age',
      message: age.de,
    });
    expect(await everyone(adminId)).toEqual([]);
  });

  it('stores only the valid rows with skipInvalid, confirmed and numbered after the existing ones, and records the upload', async () => {
    const { adminId } = await newDinner(server);
    await addParticipant(server, adminId, { lastname: 'Vorher', email: 'vorher@example.org' });
    const res = await importFile(adminId, file, '?skipInvalid=true');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 2, skipped: 2 });
    expect((await everyone(adminId)).map((p) => [p.participantNumber, p.lastname, p.activated, p.age])).toEqual([
      [1, 'Vorher', true, 34],
      [2, 'Erste', true, 20],
      [3, 'Dritte', true, -1],
    ]);
    expect((await listActivities(server, adminId))[0]).toMatchObject({
      type: 'PARTICIPANTS_UPLOADED',
      origin: 'ORGANIZER',
      details: { count: 2 },
    });
  });

  it('refuses a wrong skipInvalid', async () => {
    const { adminId } = await newDinner(server);
    expect((await importFile(adminId, file, '?skipInvalid=ja')).json).toEqual({
      issues: [{ field: 'skipInvalid', message: 'Invalid value' }],
    });
  });

  it('refuses other content types, in English and German', async () => {
    const { adminId } = await newDinner(server);
    const unsupported = bilingual(
      'Please upload a CSV file or an Excel workbook (.xlsx)',
      'Bitte lade eine CSV-Datei oder eine Excel-Arbeitsmappe (.xlsx) hoch',
    );
    for (const type of ['application/json', 'text/plain', 'application/vnd.ms-excel']) {
      const res = await importFile(adminId, file, '', type);
      expect(res.status).toBe(415);
      expect(res.json).toEqual({ code: 'unsupported_media_type', message: unsupported.en });
    }
    expect((await preview(adminId, file, 'text/plain', GERMAN)).json.message).toBe(unsupported.de);
    expect((await importFile(adminId, file, '?skipInvalid=true', 'text/csv; charset=utf-8')).status).toBe(200);
  });

  it('refuses empty, unreadable and headerless files, in English and German', async () => {
    const { adminId } = await newDinner(server);
    const empty = bilingual('The file contains no participants', 'Die Datei enthält keine Teilnehmenden');
    const unreadable = bilingual(
      'The file cannot be read. Please upload a CSV file or an Excel workbook (.xlsx)',
      'Die Datei lässt sich nicht lesen. Bitte lade eine CSV-Datei oder eine Excel-Arbeitsmappe (.xlsx) hoch',
    );
    const noHeader = bilingual(
      'The first row of the file must name the columns, at least the column "Last name"',
      'Die erste Zeile der Datei muss die Spalten benennen, mindestens die Spalte „Nachname“',
    );
    const cases: [string | Uint8Array<ArrayBuffer>, string, { en: string; de: string }][] = [
      ['', CSV, empty],
      ['\uFEFF\n\n', CSV, empty],
      ['Last name,E-mail\n,\n', CSV, empty],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), XLSX_TYPE, unreadable],
      [Uint8Array.from([1, 0, 2, 0, 255, 0]), CSV, unreadable],
      ['Name,Mail\nMaja,maja@example.org\n', CSV, noHeader],
    ];
    for (const [body, type, message] of cases) {
      const res = await preview(adminId, body, type);
      expect({ body: String(body), status: res.status, json: res.json }).toEqual({
        body: String(body),
        status: 406,
        json: { issues: [{ field: 'file', message: message.en }] },
      });
      expect((await importFile(adminId, body, '?skipInvalid=true', type, GERMAN)).json).toEqual({
        issues: [{ field: 'file', message: message.de }],
      });
    }
    expect(await everyone(adminId)).toEqual([]);
  });

  it('refuses a file with more than 2000 participants', async () => {
    const { adminId } = await newDinner(server);
    const csv = ['Last name', ...Array.from({ length: 2001 }, (_, i) => `Name${i}`)].join('\n');
    const tooMany = bilingual(
      'A file can hold at most 2000 participants',
      'Eine Datei kann höchstens 2000 Teilnehmende enthalten',
    );
    expect((await importFile(adminId, csv)).json).toEqual({ issues: [{ field: 'file', message: tooMany.en }] });
    expect((await preview(adminId, csv, CSV, GERMAN)).json).toEqual({
      issues: [{ field: 'file', message: tooMany.de }],
    });
    expect((await importFile(adminId, csv.split('\n').slice(0, 2001).join('\n'))).json).toEqual({
      imported: 2000,
      skipped: 0,
    });
  });

  it('is refused in a cancelled event and for a wrong admin id', async () => {
    const { adminId } = await newDinner(server);
    await call(server, 'DELETE', adminPath(adminId));
    for (const res of [await importFile(adminId, file, '?skipInvalid=true'), await preview(adminId, file)]) {
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('dinner_cancelled');
    }
    expect((await importFile(crypto.randomUUID(), file)).status).toBe(404);
    expect((await download(crypto.randomUUID())).status).toBe(404);
  });
});
