import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18931);
const baseURL = `http://127.0.0.1:${port}`;
// The local Stripe stand-in (tests/support/stripe-fake-server.ts): its own port, derived from the app's so that runs
// on different E2E_PORTs do not meet.
const stripeFakePort = Number(process.env.STRIPE_FAKE_PORT ?? port + 1000);
const stripeFakeURL = `http://127.0.0.1:${stripeFakePort}`;
const stripeWebhookSecret = 'whsec_e2e0123456789abcdefghijklmnopqrstuv';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    // A German browser, as most organisers have: times read 19:00, not 07:00 PM.
    locale: 'de-DE',
    // In Germany's zone too, where the server (TIME_ZONE) and the tests count their days: a browser in UTC would
    // start the next day an hour or two later than both.
    timezoneId: 'Europe/Berlin',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // The real built server on a fresh data folder; mails go to its outbox, which the tests read at /mailbox.
      command: 'node dist/server/main.js',
      url: baseURL,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rd-e2e-')),
        // The PostgreSQL run of `npm test` (tests/run-all.mjs) gives the server a database of its cluster.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        PUBLIC_URL: baseURL,
        SMTP_URL: '',
        MAILS_PER_RECIPIENT_PER_HOUR: '100000',
        EVENT_CREATIONS_PER_CLIENT_PER_HOUR: '100000',
        // The mail provider's bounce reports (POST /rest/mail/events), which the messages test sends itself.
        // No test asks the public geocoder: addresses stay unlocated unless a test sets them.
        GEOCODER_URL: 'off',
        MAIL_WEBHOOK_TOKEN: 'e2e-webhook-token-0123456789',
        // Registration fees are paid on the Stripe stand-in's checkout page, which sends the signed webhook events back.
        STRIPE_SECRET_KEY: 'sk_test_e2e0123456789abcdefghijklmnop',
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_BASE: stripeFakeURL,
      },
    },
    {
      command: 'node --import tsx tests/support/stripe-fake-server.ts',
      url: `${stripeFakeURL}/_fake/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STRIPE_FAKE_PORT: String(stripeFakePort), APP_URL: baseURL, STRIPE_WEBHOOK_SECRET: stripeWebhookSecret },
    },
  ],
});
