import { Hono } from 'hono';
import * as v from 'valibot';
import { activitiesPageSchema } from '../../../contract/activities.js';
import { cancelSchema, cancelTextSchema } from '../../../contract/cancel.js';
import {
  validateAfterPartyLocation,
  validateBasicSettingsUpdate,
  validateMealsUpdate,
  validatePublicSettings,
  validateResendCreatedMessage,
} from '../../../contract/dinner.js';
import { validateDeleteEvent } from '../../../contract/event-deletion.js';
import { validate } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { optionalValidBody, validBody, validParam } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import { activitiesPage } from '../live/activities.service.js';
import { deleteNow } from './event-retention.js';
import * as cancelling from './events.cancel.js';
import * as events from './events.service.js';

const switchSchema = v.picklist(['true', 'false'], msgId('invalidValue'));

/** /rest/runningdinnerservice/v1/runningdinner/:adminId — the organiser's event. */
export function eventsRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId', adminScope(deps));
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId', async (c) => c.json(await events.loadRunningDinner(deps, c.var.dinner)));

  app.get('/:adminId/activities', async (c) => {
    const page = validParam('page', activitiesPageSchema, c.req.query('page'));
    return c.json(await activitiesPage(deps, c.var.dinner.id, page));
  });

  app.put('/:adminId/meals', async (c) => {
    const afterPartyTime = await events.afterPartyTime(deps, c.var.dinner);
    const body = await validBody(c, (input) => validateMealsUpdate(input, c.var.dinner.date, afterPartyTime));
    return c.json(await events.updateMeals(deps, c.var.dinner, body.meals));
  });

  app.put('/:adminId/basicsettings', async (c) => {
    const body = await validBody(c, (input) =>
      validateBasicSettingsUpdate(input, c.var.dinner.date, deps.clock.today()),
    );
    return c.json(
      await events.updateBasicSettings(deps, c.var.dinner, body.basicDetails, body.teamPartnerWishDisabled),
    );
  });

  app.put('/:adminId/publicsettings', async (c) => {
    const settings = await validBody(c, (input) => validatePublicSettings(input, c.var.dinner.date));
    return c.json(await events.updatePublicSettings(deps, c.var.dinner, settings));
  });

  app.put('/:adminId/publicsettings/registration/:active', async (c) =>
    c.json(
      await events.setRegistrationActive(
        deps,
        c.var.dinner,
        validParam('value', switchSchema, c.req.param('active')) === 'true',
      ),
    ),
  );

  app.put('/:adminId/acknowledge/:acknowledgeId', async (c) =>
    c.json(await events.acknowledge(deps, c.var.dinner, c.req.param('acknowledgeId'))),
  );

  app.put('/:adminId/resend-runningdinner-created-message', async (c) => {
    const body = await optionalValidBody(c, validateResendCreatedMessage);
    return c.json(await events.resendCreatedMessage(deps, c.var.dinner, body.newEmailAddress));
  });

  app.put('/:adminId/afterpartylocation', async (c) => {
    const meals = await events.listMeals(deps, c.var.dinner);
    const location = await validBody(c, (input) => validateAfterPartyLocation(input, meals));
    return c.json(await events.setAfterPartyLocation(deps, c.var.dinner, location));
  });

  app.delete('/:adminId/afterpartylocation', async (c) =>
    c.json(await events.setAfterPartyLocation(deps, c.var.dinner, null)),
  );

  /** Deletes the event with all its data at once; the body `{title}` confirms it (406 when it does not match). */
  app.delete('/:adminId/data', async (c) => {
    await validBody(c, (input) => validateDeleteEvent(input, c.var.dinner.title));
    await deleteNow(deps, c.var.dinner);
    return c.body(null, 204);
  });

  app.get('/:adminId/cancel', async (c) => c.json(await cancelling.cancelDraft(deps, c.var.dinner)));

  app.put('/:adminId/cancel/preview', async (c) => {
    const text = await validBody(c, (input) => validate(cancelTextSchema, input));
    return c.json(await cancelling.previewCancel(deps, c.var.dinner, text));
  });

  app.put('/:adminId/cancel', async (c) => {
    const body = await validBody(c, (input) => validate(cancelSchema, input));
    return c.json(await cancelling.cancelWithMessage(deps, c.var.dinner, body));
  });

  app.delete('/:adminId', async (c) => c.json(await cancelling.cancelRunningDinner(deps, c.var.dinner)));

  return app;
}
