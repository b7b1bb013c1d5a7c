import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import * as XLSX from '@e965/xlsx';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { bilingual } from '../support/bilingual.js';
import { newDinner, participantsPath } from '../support/factories.js';
import { listParticipants } from '../support/participants.js';
import { GERMAN } from '../support/test-server.js';
import { useTestServer } from '../support/use-test-server.js';

// Uploads built to freeze the server: zip bombs, a workbook whose zip lies about its sizes, whitespace and
// huge sheets. Each is refused within seconds, and none holds up the requests of everybody else.

const server = useTestServer();

const CSV = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MEGABYTE = 1024 * 1024;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = 'xl/worksheets/sheet1.xml';
/**
 * What the server says when it gave up on reading a file after its own 15 s: an answer that names a limit instead
 * shows the upload was refused by that limit within the server's time, not unpacked until the time ran out.
 */
const TIMED_OUT = 'could not be read within';

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
  }).catch((error: Error) => {
    // fetch says only "fetch failed": the reason is its cause.
    throw new Error(`${error.message}: ${String(error.cause)}`);
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : undefined,
    answeredAt: performance.now(),
  };
}
const importFile = (
  adminId: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType = XLSX_TYPE,
  headers: Record<string, string> = {},
) => upload(adminId, '/participants/import', body, contentType, headers);
const preview = (adminId: string, body: Uint8Array<ArrayBuffer>) =>
  upload(adminId, '/participants/import/preview', body, XLSX_TYPE);

const fileIssue = (message: string) => ({ issues: [{ field: 'file', message }] });

/** The parts of a workbook with a header and one participant, its texts in sharedStrings.xml as Excel writes them. */
function workbookParts(): Record<string, Uint8Array> {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['Last name', 'First name'],
      ['Muster', 'Max'],
    ]),
    'Participants',
  );
  return unzipSync(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: true }));
}

/**
 * A workbook whose `part` holds `filler` repeated to `megabytes` before its `closingTag`. Deflated, hundreds of
 * MB of one repeated text take a few hundred KB, and streamed in 1 MB pieces the test never holds them at once.
 */
function paddedWorkbook(part: string, closingTag: string, filler: string, megabytes: number): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const entry = (name: string) => {
    const file = new ZipDeflate(name, { level: 9 });
    zip.add(file);
    return file;
  };
  for (const [name, data] of Object.entries(workbookParts())) {
    if (name === part) {
      const xml = strFromU8(data);
      const padded = entry(name);
      padded.push(strToU8(xml.slice(0, xml.indexOf(closingTag))));
      const piece = strToU8(filler.repeat(Math.ceil(MEGABYTE / filler.length)));
      for (let written = 0; written < megabytes * MEGABYTE; written += piece.length) padded.push(piece);
      padded.push(strToU8(xml.slice(xml.indexOf(closingTag))), true);
    } else {
      entry(name).push(data, true);
    }
  }
  zip.end();
  return new Uint8Array(Buffer.concat(chunks));
}

/** The workbook with its central directory claiming that `part` unpacks to `size` bytes. */
function withDeclaredSize(workbook: Uint8Array, part: string, size: number): Uint8Array<ArrayBuffer> {
  const lying = workbook.slice();
  const view = new DataView(lying.buffer);
  const name = Buffer.from(part);
  for (let at = lying.length - 46; at >= 0; at--) {
    // A central directory entry: its signature, and its name at offset 46.
    if (view.getUint32(at, true) === 0x02014b50 && name.equals(lying.subarray(at + 46, at + 46 + name.length))) {
      view.setUint32(at + 24, size, true);
      return lying;
    }
  }
  throw new Error(`no ${part} in the zip's directory`);
}

const sharedStringsBomb = (megabytes: number) => paddedWorkbook(SHARED_STRINGS, '</sst>', '<si><t/></si>', megabytes);
const workbookWith = (parts: Record<string, Uint8Array>) => new Uint8Array(zipSync({ ...workbookParts(), ...parts }));

/** The workbook of `workbookParts` with the sheet's dimension `ref` and `extra` cells in its first row. */
function sheetWorkbook(ref: string, extra = ''): Uint8Array<ArrayBuffer> {
  const xml = strFromU8(workbookParts()[SHEET])
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${ref}"/>`)
    .replace('</row>', `${extra}</row>`);
  return workbookWith({ [SHEET]: strToU8(xml) });
}

let bomb: Uint8Array<ArrayBuffer>;
/** The same bomb, its directory claiming 1 KB for the 200 MB of shared strings. */
let lyingBomb: Uint8Array<ArrayBuffer>;
/** A sheet padded with 200 MB of spaces. */
let paddedSheet: Uint8Array<ArrayBuffer>;
// Made before any request: compressing hundreds of megabytes holds the test's thread for seconds, and a kept-alive
// connection idle that long may be closing on the server's side just as the next request is sent on it. On a busy
// machine the compression alone takes longer than a hook's 30 s.
beforeAll(() => {
  bomb = sharedStringsBomb(200);
  lyingBomb = withDeclaredSize(bomb, SHARED_STRINGS, 1024);
  paddedSheet = paddedWorkbook(SHEET, '</sheetData>', ' ', 200);
}, 180_000);

/**
 * An upload over one connection as a slow phone sends it: the headers and a first piece, a pause of two seconds,
 * the rest; then a second request on the same connection. Answers everything the server wrote until it closed.
 */
function slowUploadThenList(adminId: string, contentType: string, size: number): Promise<string> {
  const { port } = new URL(server.baseUrl);
  const path = `/rest${participantsPath(adminId, '')}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answered = '';
    socket.on('data', (data) => (answered += data));
    socket.on('error', reject);
    socket.on('close', () => resolve(answered));
    const body = Buffer.alloc(size, 'x');
    socket.write(
      `POST ${path}/participants/import HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${size}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 1000));
    void sleep(2000).then(() => {
      socket.write(body.subarray(1000));
      socket.write(`GET ${path}/participants HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
  });
}

describe('an upload refused before it is read', () => {
  // The server answers at once, but a connection closed while the client still sends is reset, and the client shows
  // a network error instead of the answer: the rest of the body is read first, and the connection serves on.
  it.each([
    ['of the wrong type', 'application/pdf', 200_000, '415 Unsupported Media Type', 'Please upload a CSV file'],
    ['over 1 MiB', XLSX_TYPE, 3 * MEGABYTE, '413 Payload Too Large', 'The request body is larger than 1 MiB'],
  ])(
    '%s gets its answer after the whole upload, and the connection answers the next request',
    async (_, contentType, size, status, message) => {
      const { adminId } = await newDinner(server);
      const answered = await slowUploadThenList(adminId, contentType, size);
      const [refusal, next] = answered.split(/(?=HTTP\/1\.1 )/);
      expect(refusal).toMatch(new RegExp(`^HTTP/1.1 ${status}\r\n`));
      expect(refusal).toContain(message);
      expect(next).toMatch(/^HTTP\/1.1 200 OK\r\n/);
    },
  );
});

describe('a hostile participant import', () => {
  it('refuses a zip bomb of shared strings from its zip directory, in English and German', async () => {
    const { adminId } = await newDinner(server);
    expect(bomb.length).toBeLessThan(MEGABYTE);
    const tooLarge = bilingual(
      'The workbook unpacks to more than 10 MB, far more than a list of participants needs',
      'Die Arbeitsmappe ist entpackt größer als 10 MB, weit mehr als eine Liste von Teilnehmenden braucht',
    );
    const english = await importFile(adminId, bomb);
    expect(english).toMatchObject({ status: 406, json: fileIssue(tooLarge.en) });
    expect((await importFile(adminId, bomb, XLSX_TYPE, GERMAN)).json).toEqual(fileIssue(tooLarge.de));
  });

  it('refuses too many shared strings, too many parts and too large texts, naming the limit', async () => {
    const sst = (count: number) =>
      strToU8(
        `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t/></si>'.repeat(count)}</sst>`,
      );
    const cases: [Uint8Array<ArrayBuffer>, string][] = [
      [
        sharedStringsBomb(8),
        'The texts of the workbook unpack to more than 5 MB, far more than a list of participants needs',
      ],
      [
        workbookWith({ [SHARED_STRINGS]: sst(200_001) }),
        'The workbook holds more than 200000 different texts, more than a list of participants can have',
      ],
      [
        workbookWith(
          Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`xl/media/image${i}.png`, new Uint8Array(0)])),
        ),
        'The workbook consists of more than 500 parts, far more than a list of participants needs',
      ],
    ];
    // After the workbooks are built (seconds on a busy machine): a kept-alive connection idle that long may be
    // closing on the server's side just as the next request is sent on it.
    const { adminId } = await newDinner(server);
    for (const [body, message] of cases) {
      const res = await importFile(adminId, body);
      expect({ status: res.status, json: res.json }).toEqual({ status: 406, json: fileIssue(message) });
    }
    expect((await listParticipants(server, adminId)).participants).toEqual([]);
  });

  it('keeps answering other requests while a hostile upload is read', async () => {
    const { adminId } = await newDinner(server);
    const hostile = importFile(adminId, lyingBomb);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const list = await fetch(`${server.baseUrl}/rest${participantsPath(adminId, '/participants')}`);
    const listAnsweredAt = performance.now();
    expect(list.status).toBe(200);
    const refused = await hostile;
    expect(refused.status).toBe(406);
    expect(listAnsweredAt).toBeLessThan(refused.answeredAt);
  });

  it('refuses a workbook whose zip lies about its sizes, and the server goes on', async () => {
    const { adminId } = await newDinner(server);
    const res = await importFile(adminId, lyingBomb);
    expect(res.status).toBe(406);
    expect(res.json.issues).toEqual([{ field: 'file', message: expect.not.stringContaining(TIMED_OUT) }]);
    expect((await preview(adminId, workbookWith({}))).status).toBe(200);
    expect((await listParticipants(server, adminId)).participants).toEqual([]);
  });

  it('refuses a sheet padded with hundreds of MB of whitespace', async () => {
    const { adminId } = await newDinner(server);
    const res = await importFile(adminId, paddedSheet);
    expect({ status: res.status, json: res.json }).toEqual({
      status: 406,
      json: fileIssue('The workbook unpacks to more than 10 MB, far more than a list of participants needs'),
    });
  });

  it('refuses a sheet with values in more than 100 columns, and reads one that only claims them quickly', async () => {
    const { adminId } = await newDinner(server);
    const tooManyColumns = bilingual(
      'A file can have at most 100 columns',
      'Eine Datei kann höchstens 100 Spalten haben',
    );
    const wide = sheetWorkbook('A1:XFD2', '<c r="XFD1" t="inlineStr"><is><t>Remarks</t></is></c>');
    expect((await importFile(adminId, wide)).json).toEqual(fileIssue(tooManyColumns.en));
    expect((await importFile(adminId, wide, XLSX_TYPE, GERMAN)).json).toEqual(fileIssue(tooManyColumns.de));
    // A dimension of 16,384 columns and 1,000 rows, all empty but the first two cells of two rows.
    const claimed = await preview(adminId, sheetWorkbook('A1:XFD1000'));
    expect(claimed.status).toBe(200);
    expect(claimed.json.rows.map((r: { participant: { lastname: string } }) => r.participant.lastname)).toEqual([
      'Muster',
    ]);
  });

  it('reads a CSV of 1 MB whitespace or one giant line quickly', async () => {
    const { adminId } = await newDinner(server);
    const whitespace = await importFile(adminId, `Last name\n${' \t'.repeat(500_000)}`, CSV);
    expect({ status: whitespace.status, json: whitespace.json }).toEqual({
      status: 406,
      json: fileIssue('The file contains no participants'),
    });
    const giantLine = await importFile(adminId, `Last name${',x'.repeat(500_000)}\nMuster`, CSV);
    expect({ status: giantLine.status, json: giantLine.json }).toEqual({
      status: 406,
      json: fileIssue('A file can have at most 100 columns'),
    });
  });
});
