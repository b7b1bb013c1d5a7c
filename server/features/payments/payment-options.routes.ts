import { Hono } from 'hono';
import { paymentOptionsSchema } from '../../../contract/payment-options.js';
import { validate } from '../../../domain/validation.js';
import type { Deps } from '../../deps.js';
import { validBody } from '../../http/body.js';
import { type AdminEnv, adminScope } from '../dinner/admin-scope.js';
import * as payments from './organiser-payments.service.js';
import * as paymentOptions from './payment-options.service.js';

/**
 * /rest/paymentoptionsservice/v1/runningdinner/:adminId — the event's registration fee (see payment-options.schema.ts),
 * and …/payments: its orders with totals, and refunds (see orders.schema.ts).
 */
export function paymentOptionsRoutes(deps: Deps) {
  const app = new Hono<AdminEnv>();
  app.use('/:adminId', adminScope(deps));
  app.use('/:adminId/*', adminScope(deps));

  app.get('/:adminId', async (c) => c.json(await paymentOptions.paymentOptionsOf(deps, c.var.dinner)));
  app.get('/:adminId/payments', async (c) => c.json(await payments.paymentsOf(deps, c.var.dinner)));
  app.post('/:adminId/payments/:orderId/refund', async (c) =>
    c.json(await payments.refundOrder(deps, c.var.dinner, c.req.param('orderId'))),
  );
  app.post('/:adminId', async (c) => {
    const values = await validBody(c, (body) => validate(paymentOptionsSchema, body));
    return c.json(await paymentOptions.createPaymentOptions(deps, c.var.dinner, values), 201);
  });
  app.put('/:adminId/:paymentOptionsId', async (c) => {
    const values = await validBody(c, (body) => validate(paymentOptionsSchema, body));
    return c.json(
      await paymentOptions.updatePaymentOptions(deps, c.var.dinner, c.req.param('paymentOptionsId'), values),
    );
  });
  app.delete('/:adminId/:paymentOptionsId', async (c) => {
    await paymentOptions.deletePaymentOptions(deps, c.var.dinner, c.req.param('paymentOptionsId'));
    return c.body(null, 204);
  });
  return app;
}
