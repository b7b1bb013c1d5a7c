import { Hono } from 'hono';
import { GENDER_ASPECTS, REGISTRATION_TYPES } from '../../../contract/dinner.js';

/** /rest/masterdataservice/v1 — the fixed choices the wizard offers. */
export function masterdataRoutes() {
  const app = new Hono();
  app.get('/registrationtypes', (c) => c.json(REGISTRATION_TYPES.map((value) => ({ value }))));
  app.get('/genderaspects', (c) => c.json(GENDER_ASPECTS.map((value) => ({ value }))));
  return app;
}
