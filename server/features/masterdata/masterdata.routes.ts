import { Hono } from 'hono';
import { GENDER_ASPECTS, REGISTRATION_TYPES } from '../../../contract/dinner.js';
import type { Operator } from '../../../contract/operator.js';

/** /rest/masterdataservice/v1 — the fixed choices the wizard offers, and who runs this server. */
export function masterdataRoutes(operator: Operator) {
  const app = new Hono();
  app.get('/operator', (c) => c.json(operator));
  app.get('/registrationtypes', (c) => c.json(REGISTRATION_TYPES.map((value) => ({ value }))));
  app.get('/genderaspects', (c) => c.json(GENDER_ASPECTS.map((value) => ({ value }))));
  return app;
}
