import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  type AnyMessage,
  MESSAGE_SCHEMAS,
  MESSAGE_TYPE_OF_PATH,
  MESSAGE_TYPES,
  rescheduleSchema,
  resendTaskSchema,
  sendAtSchema,
} from '../../../contract/messages.js';
import { validate } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { idempotencyKey, validBody, validParam } from '../../http/body.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import { listUpdates } from '../updates/updates.service.js';
import { mailServerStatus, preview, recipients, sendSample, templates } from './message-drafting.service.js';
import { createJob } from './message-job-creation.service.js';
import { findJob, jobOverview, listJobs, listTasks } from './message-jobs-reading.service.js';
import { resendPartnerInvitation, resendTask } from './message-resend.service.js';
import { cancelScheduledJob, rescheduleJob } from './scheduled-job-changes.service.js';

const sendToDinnerOwnerSchema = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], msgId('invalidValue')),
    v.transform((s) => s === 'true'),
  ),
  'false',
);

/** The message of the path's type, validated with that type's schema; an unknown type is a 404. */
async function messageOf(c: Context<AdminEnv>): Promise<AnyMessage> {
  const messageType = MESSAGE_TYPE_OF_PATH[c.req.param('type') ?? ''];
  if (!messageType) throw new AppError('not_found', ErrorMessage.notFound.id);
  const message = await validBody(c, (input) => validate(MESSAGE_SCHEMAS[messageType], input));
  return { messageType, message } as AnyMessage;
}

/** /rest/messageservice/v1/runningdinner/:adminId — the organiser's messaging centre. */
export function messagesRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId/participants', async (c) => c.json(await recipients(deps, c.var.dinner)));
  app.get('/:adminId/templates', (c) => c.json(templates(c.var.dinner)));
  app.get('/:adminId/mailserverstatus', (c) => c.json(mailServerStatus(deps)));
  app.get('/:adminId/updates', async (c) => c.json(await listUpdates(deps.db, c.var.dinner)));

  app.put('/:adminId/mails/teampartnerwish/:participantId', async (c) =>
    c.json(await resendPartnerInvitation(deps, c.var.dinner, c.req.param('participantId'))),
  );
  app.put('/:adminId/mails/:type/preview', async (c) => c.json(await preview(deps, c.var.dinner, await messageOf(c))));
  app.put('/:adminId/mails/:type', async (c) => {
    const toOwner = validParam('sendToDinnerOwner', sendToDinnerOwnerSchema, c.req.query('sendToDinnerOwner'));
    const sendAtQuery = validParam('sendAt', v.optional(sendAtSchema), c.req.query('sendAt'));
    const message = await messageOf(c);
    if (toOwner) return c.json(await sendSample(deps, c.var.dinner, message));
    const sendAt = sendAtQuery ?? ('sendAt' in message.message ? message.message.sendAt : undefined);
    return c.json(await createJob(deps, c.var.dinner, message, idempotencyKey(c), sendAt), 201);
  });
  app.put('/:adminId/messagejobs/:jobId/schedule', async (c) => {
    const { sendAt } = await validBody(c, (input) => validate(rescheduleSchema, input));
    return c.json(await rescheduleJob(deps, c.var.dinner, c.req.param('jobId'), sendAt));
  });
  app.delete('/:adminId/messagejobs/:jobId', async (c) => {
    await cancelScheduledJob(deps, c.var.dinner, c.req.param('jobId'));
    return c.body(null, 204);
  });

  app.get('/:adminId/messagejobs', async (c) => {
    const messageType = MESSAGE_TYPES.find((type) => type === c.req.query('messageType'));
    if (!messageType) throw new AppError('not_found', ErrorMessage.notFound.id);
    return c.json(await listJobs(deps, c.var.dinner, messageType));
  });
  app.get('/:adminId/messagejobs/:jobId', async (c) => c.json(await findJob(deps, c.var.dinner, c.req.param('jobId'))));
  app.get('/:adminId/messagejobs/:jobId/overview', async (c) =>
    c.json(await jobOverview(deps, c.var.dinner, c.req.param('jobId'))),
  );
  app.get('/:adminId/messagetasks/:jobId', async (c) =>
    c.json(await listTasks(deps, c.var.dinner, c.req.param('jobId'))),
  );
  app.put('/:adminId/messagetask/:taskId', async (c) => {
    const input = await validBody(c, (body) => validate(resendTaskSchema, body ?? {}));
    return c.json(await resendTask(deps, c.var.dinner, c.req.param('taskId'), input));
  });
  return app;
}
