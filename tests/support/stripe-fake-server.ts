import { startStripeFake } from './stripe-fake.js';

// The Stripe stand-in as a process of its own, for the browser tests (playwright.config.ts starts it beside the app):
//
//   STRIPE_FAKE_PORT        the loopback port to listen on (required: the app is told STRIPE_API_BASE before either starts)
//   APP_URL                 the app whose webhook gets the events of payments made on the checkout page
//   STRIPE_WEBHOOK_SECRET   the app's webhook signing secret
//
//   node --import tsx tests/support/stripe-fake-server.ts

const port = Number(process.env.STRIPE_FAKE_PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error('stripe fake: set STRIPE_FAKE_PORT to the port to listen on');
  process.exit(2);
}
const appUrl = process.env.APP_URL;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!appUrl || !webhookSecret)
  console.warn('stripe fake: APP_URL or STRIPE_WEBHOOK_SECRET unset, payments on the checkout page send no webhook');

const fake = await startStripeFake({ port, appUrl, webhookSecret });
console.log(`stripe fake: listening on ${fake.url}${appUrl ? `, webhooks to ${appUrl}/rest/stripe/webhook` : ''}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void fake.stop().then(() => process.exit(0));
  });
}
