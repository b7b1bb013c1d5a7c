import { type Context, Hono } from 'hono';
import type { Language } from '../../../contract/dinner.js';
import { registrationsPageSchema, validateParticipantInput } from '../../../contract/participants.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import {
  exportFormatSchema,
  IMPORT_CONTENT_TYPES,
  type ImportPreview,
  skipInvalidSchema,
} from '../../../contract/participants-import.js';
import type { Deps } from '../../deps.js';
import { validBody, validParam } from '../../http/body.js';
import { languageOf } from '../../http/language.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import { activateParticipant } from './participant-activation.service.js';
import { addParticipant, updateParticipant } from './participant-editing.service.js';
import { clearMailState, mailState } from './participant-mail-state.service.js';
import { deleteParticipant } from './participant-removal.service.js';
import { swapParticipants } from './participant-swap.service.js';
import { exportParticipants } from './participants-export.service.js';
import { importParticipants, previewImport } from './participants-import.service.js';
import { getParticipant, participantList, personalLink, registrationsPage } from './participants-reading.service.js';

/** The caller's language, as app.ts finds it for error messages. */
/** The uploaded file is the body; its type says CSV or workbook (the content decides which reader runs). */
async function uploadedFile(c: Context): Promise<Uint8Array> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!Object.values<string>(IMPORT_CONTENT_TYPES).includes(mediaType)) {
    throw new AppError('unsupported_media_type', ParticipantsMessage.importUnsupportedType.id);
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

const translatedPreview = (preview: ImportPreview, language: Language): ImportPreview => ({
  ...preview,
  rows: preview.rows.map((row) => ({
    ...row,
    issues: row.issues.map(({ values, ...issue }) => ({
      ...issue,
      message: translate(language, issue.message, values),
    })),
  })),
});

/** attachment with an ASCII fallback name and the real name (RFC 6266 / 5987). */
function attachment(fileName: string): string {
  const name = fileName
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** /rest/participantservice/v1/runningdinner/:adminId — the organiser's view of the participants. */
export function participantsRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId/participants', async (c) => c.json(await participantList(deps, c.var.dinner)));

  app.get('/:adminId/participants/registrations', async (c) => {
    const page = validParam('page', registrationsPageSchema, c.req.query('page'));
    return c.json(await registrationsPage(deps, c.var.dinner, page));
  });

  app.get('/:adminId/participants/export', async (c) => {
    const format = validParam('format', exportFormatSchema, c.req.query('format'));
    const file = await exportParticipants(deps, c.var.dinner, format, languageOf(c));
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': attachment(file.fileName),
    });
  });

  app.post('/:adminId/participants/import/preview', async (c) => {
    const file = await uploadedFile(c);
    const language = languageOf(c);
    return c.json(translatedPreview(await previewImport(deps, c.var.dinner, file, language), language));
  });

  app.post('/:adminId/participants/import', async (c) => {
    const skipInvalid = validParam('skipInvalid', skipInvalidSchema, c.req.query('skipInvalid'));
    const file = await uploadedFile(c);
    return c.json(await importParticipants(deps, c.var.dinner, file, skipInvalid, languageOf(c)));
  });

  app.put('/:adminId/participants/swap/:firstId/:secondId', async (c) =>
    c.json(await swapParticipants(deps, c.var.dinner, c.req.param('firstId'), c.req.param('secondId'))),
  );

  // The issue names the plural path, the other participant routes the singular one: both answer.
  const showParticipant = async (c: Context<AdminEnv>) =>
    c.json(await getParticipant(deps, c.var.dinner, c.req.param('participantId') ?? ''));
  app.get('/:adminId/participants/:participantId', showParticipant);
  app.get('/:adminId/participant/:participantId', showParticipant);

  app.get('/:adminId/participant/:participantId/personallink', async (c) =>
    c.json(await personalLink(deps, c.var.dinner, c.req.param('participantId'))),
  );

  app.get('/:adminId/participant/:participantId/mailstate', async (c) =>
    c.json(await mailState(deps, c.var.dinner, c.req.param('participantId'))),
  );
  app.delete('/:adminId/participant/:participantId/mailstate', async (c) =>
    c.json(await clearMailState(deps, c.var.dinner, c.req.param('participantId'))),
  );

  app.post('/:adminId/participant', async (c) => {
    const input = await validBody(c, validateParticipantInput);
    return c.json(await addParticipant(deps, c.var.dinner, input));
  });

  app.put('/:adminId/participant/:participantId', async (c) => {
    const input = await validBody(c, validateParticipantInput);
    return c.json(await updateParticipant(deps, c.var.dinner, c.req.param('participantId'), input));
  });

  app.delete('/:adminId/participant/:participantId', async (c) => {
    await deleteParticipant(deps, c.var.dinner, c.req.param('participantId'));
    return c.body(null, 204);
  });

  app.put('/:adminId/participant/:participantId/activate', async (c) =>
    c.json(await activateParticipant(deps, c.var.dinner, c.req.param('participantId'))),
  );

  return app;
}
