import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import Stripe from 'stripe';

// A local stand-in for the part of Stripe's API the app uses, spoken as the official SDK speaks it: form-encoded
// bodies with bracket keys (`line_items[0][price_data][unit_amount]=1250`), `Authorization: Bearer sk_test_…`, an
// `Idempotency-Key` header, JSON answers, and errors as `{error: {type, code, message}}` with a 4xx status.
//
//   POST /v1/checkout/sessions              creates a session (mode, client_reference_id, customer_email, line_items
//                                           with price_data.unit_amount and quantity, currency, metadata, urls)
//   GET  /v1/checkout/sessions/:id          the session, 404 resource_missing when unknown
//   POST /v1/checkout/sessions/:id/expire   an open session expires (400 when it is not open)
//   POST /v1/refunds                        refunds a paid payment intent (all of it, or `amount` cents)
//   GET  /checkout/:id                      the "hosted page" a session's url names (HTML, for browsers): the amount,
//                                           a Pay and a Cancel button (forms posting to the two paths below)
//   POST /checkout/:id/pay                  the customer pays (as `pay`); with `appUrl` and `webhookSecret` the signed
//                                           checkout.session.completed event goes to the app's webhook first, then
//                                           303 to success_url
//   POST /checkout/:id/pay-by-bank-failing  a delayed method the bank refuses: the completed (unpaid) event, then
//                                           checkout.session.async_payment_failed, then 303 to success_url
//   POST /checkout/:id/cancel               303 to cancel_url; the session stays open
//   POST /_fake/refunds/refuse-next         the next API call (a refund) is refused with 400 charge_disputed
//   POST /_fake/webhooks/hold|release       for browser tests: hold the events of the next payments, or deliver the
//                                           held ones now (Stripe, too, may send the customer back before the event)
//   GET  /_fake/health                      200 once the fake listens
//
// The same Idempotency-Key answers the first answer again (with `Idempotent-Replayed: true`); with other parameters or
// on another path it is refused with 400 idempotency_error, as Stripe does. What the customer does on the payment page
// the test does with `pay` and `asyncResult`, which change the session and answer the webhook event Stripe would send;
// `signed` signs it as Stripe signs webhooks.

/** Form values as Stripe reads them: strings in nested objects and arrays. */
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

/** One request the fake received. */
interface StripeFakeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: URLSearchParams;
  /** The form body, parsed into nested objects and arrays (values stay strings). */
  body: FormObject;
  headers: IncomingHttpHeaders;
}

/** A Checkout Session with the fields Stripe answers that the app may read. */
interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: string;
  client_reference_id: string | null;
  customer_email: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  amountRefunded: number;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  status: 'succeeded';
  amount: number;
  currency: string;
  payment_intent: string;
  created: number;
}

/** A webhook event as Stripe sends it (a snapshot of the object at the time of the event). */
interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: FakeCheckoutSession };
}

/** An error answer as Stripe's: the status and the `error` object. */
interface StripeErrorAnswer {
  status: number;
  type: string;
  code?: string;
  message?: string;
  param?: string;
  /** Sent as `Stripe-Should-Retry`, which the SDK obeys; unset, the SDK retries 409 and 5xx answers on its own. */
  retry?: boolean;
}

/** One webhook delivery the checkout page made: the event and the app's answer (0 when it could not be reached). */
interface FakeDelivery {
  eventId: string;
  type: string;
  sessionId: string;
  status: number;
}

export interface StripeFakeOptions {
  /** Loopback port to listen on; a free one by default. */
  port?: number;
  /** The app that gets the webhook events of payments made on the checkout page: `${appUrl}/rest/stripe/webhook`. */
  appUrl?: string;
  /** The app's STRIPE_WEBHOOK_SECRET, which signs those events. */
  webhookSecret?: string;
}

export interface StripeFake {
  /** Base URL, e.g. http://127.0.0.1:PORT (STRIPE_API_BASE). */
  url: string;
  /** Every session created, by id. */
  sessions: Map<string, FakeCheckoutSession>;
  /** The line items each session was created with, by session id (Stripe answers them only through an expand). */
  lineItems: Map<string, FormValue[]>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every request in the order of arrival. */
  requests: StripeFakeRequest[];
  /**
   * The customer paid on the payment page: the session is complete with a payment intent, `paid` — or, for an
   * asynchronous method such as SEPA debit (`async: true`), still `unpaid`. Answers the checkout.session.completed event.
   */
  pay(sessionId: string, options?: { async?: boolean }): FakeEvent;
  /** The asynchronous payment of a completed session succeeded or failed; answers the event Stripe sends about it. */
  asyncResult(sessionId: string, result: 'succeeded' | 'failed'): FakeEvent;
  /** The body and `Stripe-Signature` header of a webhook delivery of `event`, signed with `secret` at `timestamp` (seconds; now by default). */
  signed(event: unknown, secret: string, options?: { timestamp?: number }): { payload: string; header: string };
  /** The next request to the API (not the checkout page) is answered with this error instead. */
  failNext(error: StripeErrorAnswer): void;
  /** Every webhook delivery made for the checkout page, in order. */
  deliveries: FakeDelivery[];
  /** The events of payments made on the checkout page from now on wait for `releaseWebhooks`. */
  holdWebhooks(): void;
  /** Delivers the held events (in order) and delivers at once again; answers how many went out. */
  releaseWebhooks(): Promise<number>;
  stop(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `a[b][0][c]=1` → `{a: {b: [{c: '1'}]}}`, as Stripe reads the SDK's form bodies; `a[]=x` appends. Objects whose keys
 * are all indices become arrays in index order.
 */
function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const parts = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [key];
    let node: FormObject = root;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else {
        if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
        node = node[name] as FormObject;
      }
    });
  }
  return arraysOf(root) as FormObject;
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

const text = (value: FormValue | undefined): string | null => (typeof value === 'string' ? value : null);
const record = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

class StripeError extends Error {
  constructor(readonly answer: StripeErrorAnswer) {
    super(answer.message ?? answer.code ?? answer.type);
  }
}

const missing = (param: string) =>
  new StripeError({
    status: 400,
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
const noSuch = (what: string, id: string, param?: string) =>
  new StripeError({
    status: 404,
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The amount as the checkout page shows it: "€12.50". */
const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The product name of a session's first line item (price_data.product_data.name). */
function productName(items: FormValue[] | undefined): string {
  const first = items?.[0];
  const priceData = first && typeof first === 'object' && !Array.isArray(first) ? first.price_data : undefined;
  const product =
    priceData && typeof priceData === 'object' && !Array.isArray(priceData) ? priceData.product_data : undefined;
  return (product && typeof product === 'object' && !Array.isArray(product) ? text(product.name) : null) ?? 'Payment';
}

/** A tiny stand-in for Stripe's hosted checkout page: what is paid, by whom, and two buttons. */
function checkoutPage(session: FakeCheckoutSession | undefined, items: FormValue[] | undefined): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:26rem;margin:0 auto;padding:2rem 1.25rem}
.banner{font-size:.8rem;font-weight:600;color:#5b4600;background:#fff4c4;border:1px solid #f1d67c;border-radius:.5rem;padding:.5rem .75rem}
.card{margin-top:1.25rem;background:#fff;border:1px solid #e3e8ee;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.name{color:#4f566b;overflow-wrap:anywhere}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 0}.email{color:#4f566b;font-size:.9rem;overflow-wrap:anywhere}
button{width:100%;font:inherit;font-weight:600;border-radius:.5rem;padding:.75rem 1rem;cursor:pointer}
.pay{margin-top:1.5rem;background:#635bff;color:#fff;border:0}.pay:hover{background:#5249e0}
.cancel{margin-top:.75rem;background:#fff;color:#1a1f36;border:1px solid #cfd7df}.cancel:hover{background:#f6f9fc}
button:focus-visible{outline:3px solid #a5a0ff;outline-offset:2px}
</style></head><body><main><p class="banner">Local Stripe stand-in for tests: no real payment.</p>`;
  if (!session) return `${head}<div class="card"><h1>Unknown session</h1></div></main></body></html>`;
  const amount = escapeHtml(formatAmount(session.amount_total, session.currency));
  const body =
    session.status === 'open'
      ? `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay"><button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
      : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`;
  return `${head}<div class="card" data-session="${escapeHtml(session.id)}"><p class="name">${escapeHtml(productName(items))}</p>
<h1 class="amount" data-testid="checkout-amount">${amount}</h1>${session.customer_email ? `<p class="email">${escapeHtml(session.customer_email)}</p>` : ''}
${body}</div></main></body></html>`;
}

/** Starts the fake on a loopback port (a free one unless `options.port` names one). */
export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const lineItems = new Map<string, FormValue[]>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const requests: StripeFakeRequest[] = [];
  /** Idempotency-Key → the request it first came with and the answer it got. */
  const idempotent = new Map<
    string,
    { method: string; path: string; body: FormObject; status: number; answer: unknown }
  >();
  const injected: StripeErrorAnswer[] = [];
  const deliveries: FakeDelivery[] = [];
  let holding = false;
  const held: FakeEvent[] = [];
  let base = '';

  function createSession(body: FormObject): FakeCheckoutSession {
    const mode = text(body.mode);
    if (!mode) throw missing('mode');
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    let total = 0;
    let currency: string | null = null;
    items.forEach((item, i) => {
      const fields = typeof item === 'object' && !Array.isArray(item) ? item : {};
      const priceData =
        typeof fields.price_data === 'object' && !Array.isArray(fields.price_data) ? fields.price_data : null;
      if (!priceData) throw missing(`line_items[${i}][price_data]`);
      const unitAmount = text(priceData.unit_amount);
      if (unitAmount === null || !/^\d+$/.test(unitAmount)) throw missing(`line_items[${i}][price_data][unit_amount]`);
      const itemCurrency = text(priceData.currency);
      if (!itemCurrency) throw missing(`line_items[${i}][price_data][currency]`);
      const quantity = text(fields.quantity) ?? '1';
      if (!/^[1-9]\d*$/.test(quantity))
        throw new StripeError({
          status: 400,
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: `line_items[${i}][quantity]`,
        });
      if (currency !== null && currency !== itemCurrency.toLowerCase()) {
        throw new StripeError({
          status: 400,
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          message: 'All line items must have the same currency.',
        });
      }
      currency = itemCurrency.toLowerCase();
      total += Number(unitAmount) * Number(quantity);
    });
    const id = randomId('cs_test');
    const created = nowSeconds();
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      url: `${base}/checkout/${id}`,
      mode,
      client_reference_id: text(body.client_reference_id),
      customer_email: text(body.customer_email),
      amount_subtotal: total,
      amount_total: total,
      currency: currency!,
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      metadata: record(body.metadata),
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    lineItems.set(id, items);
    return session;
  }

  function sessionOf(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw noSuch('checkout.session', id);
    return session;
  }

  function refund(body: FormObject): FakeRefund {
    const piId = text(body.payment_intent);
    if (!piId) throw missing('payment_intent');
    const intent = paymentIntents.get(piId);
    if (!intent) throw noSuch('payment_intent', piId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw new StripeError({
        status: 400,
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
      });
    }
    const left = intent.amount - intent.amountRefunded;
    if (left === 0) {
      throw new StripeError({
        status: 400,
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for ${piId} has already been refunded.`,
      });
    }
    const asked = text(body.amount);
    const amount = asked === null ? left : Number(asked);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new StripeError({
        status: 400,
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    intent.amountRefunded += amount;
    const made: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      status: 'succeeded',
      amount,
      currency: intent.currency,
      payment_intent: piId,
      created: nowSeconds(),
    };
    refunds.set(made.id, made);
    return made;
  }

  /** The API call of one request: the status and the JSON answer. */
  function answer(method: string, path: string, body: FormObject): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, createSession(body)];
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return [200, sessionOf(decodeURIComponent(match[1]))];
    match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && match) {
      const session = sessionOf(decodeURIComponent(match[1]));
      if (session.status !== 'open') {
        throw new StripeError({
          status: 400,
          type: 'invalid_request_error',
          code: 'checkout_session_unexpected_state',
          message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
        });
      }
      Object.assign(session, { status: 'expired', url: null });
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/refunds') return [200, refund(body)];
    throw new StripeError({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /** Signs the event and posts it to the app's webhook, as Stripe does; the app's answer is recorded. */
  async function deliver(payloadEvent: FakeEvent) {
    const { appUrl, webhookSecret } = options;
    if (!appUrl || !webhookSecret) return;
    const { payload, header } = sign(payloadEvent, webhookSecret);
    let status = 0;
    try {
      const response = await fetch(new URL('/rest/stripe/webhook', appUrl), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': header,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      console.error(`stripe fake: webhook not delivered: ${String(error)}`);
    }
    if (status !== 200) console.error(`stripe fake: the webhook answered ${status} to ${payloadEvent.type}`);
    deliveries.push({
      eventId: payloadEvent.id,
      type: payloadEvent.type,
      sessionId: payloadEvent.data.object.id,
      status,
    });
  }

  async function releaseWebhooks() {
    holding = false;
    const events = held.splice(0);
    for (const heldEvent of events) await deliver(heldEvent);
    return events.length;
  }

  /** The checkout page, its two buttons, and the controls of browser tests: HTML and redirects, no API key. */
  async function browserRequest(method: string, path: string, res: ServerResponse) {
    const redirect = (location: string | null) => {
      if (location) res.writeHead(303, { Location: location }).end();
      else res.writeHead(400, { 'Content-Type': 'text/plain' }).end('The session has no URL to return to.');
    };
    if (method === 'GET' && path === '/_fake/health')
      return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    if (method === 'POST' && path === '/_fake/webhooks/hold') {
      holding = true;
      return void res.writeHead(204).end();
    }
    if (method === 'POST' && path === '/_fake/refunds/refuse-next') {
      injected.push({
        status: 400,
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: 'The charge is disputed and cannot be refunded.',
      });
      return void res.writeHead(204).end();
    }
    if (method === 'POST' && path === '/_fake/webhooks/release') {
      const delivered = await releaseWebhooks();
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ delivered }));
    }
    const match = /^\/checkout\/([^/]+)(?:\/(pay|pay-by-bank-failing|cancel))?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1])) : undefined;
    const action = match?.[2];
    if (method === 'GET' && match && !action) {
      res.writeHead(session ? 200 : 404, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      });
      return void res.end(checkoutPage(session, session && lineItems.get(session.id)));
    }
    if (method !== 'POST' || !match || !action)
      return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    if (!session)
      return void res
        .writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(checkoutPage(undefined, undefined));
    if (session.status === 'expired')
      return void res
        .writeHead(410, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(checkoutPage(session, lineItems.get(session.id)));
    // Paid already (the button sent twice, or back and again): Stripe only shows the way back.
    if (session.status === 'complete') return redirect(session.success_url);
    if (action === 'cancel') return redirect(session.cancel_url);
    if (action === 'pay-by-bank-failing') {
      // A delayed method (a bank debit) that the bank refuses later: completed unpaid, then the failure.
      await deliver(pay(session.id, { async: true }));
      await deliver(asyncResult(session.id, 'failed'));
      return redirect(session.success_url);
    }
    const completed = pay(session.id);
    if (holding) held.push(completed);
    else await deliver(completed);
    return redirect(session.success_url);
  }

  function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) {
    res
      .writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': randomId('req'),
        'Stripe-Version': API_VERSION,
        ...headers,
      })
      .end(JSON.stringify(json, null, 2));
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = parseForm(raw);
    requests.push({ method, path: url.pathname, query: url.searchParams, body, headers: req.headers });

    if (url.pathname.startsWith('/checkout/') || url.pathname.startsWith('/_fake/')) {
      void browserRequest(method, url.pathname, res).catch((error) => {
        console.error('stripe fake:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }

    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_\S+$/.test(authorization)) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = method === 'POST' && typeof key === 'string' && key !== '' ? key : null;
    if (idempotencyKey) {
      const first = idempotent.get(idempotencyKey);
      if (first) {
        if (first.method !== method || first.path !== url.pathname || !isDeepStrictEqual(first.body, body)) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
          send(res, 400, { error: { type: 'idempotency_error', message } });
        } else
          send(res, first.status, first.answer, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': idempotencyKey });
        return;
      }
    }
    let status: number;
    let json: unknown;
    const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
    const failure = injected.shift();
    try {
      if (failure) throw new StripeError(failure);
      [status, json] = answer(method, url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      const { status: errorStatus, retry, ...fields } = error.answer;
      status = errorStatus;
      json = { error: { message: error.message, ...fields, request_log_url: `${base}/logs` } };
      if (retry !== undefined) headers['Stripe-Should-Retry'] = String(retry);
    }
    // Stripe keeps the answer of a key once the request ran; a request refused before (parameters, errors the test
    // injected) may be sent again with the same key.
    if (idempotencyKey && status === 200)
      idempotent.set(idempotencyKey, { method, path: url.pathname, body, status, answer: json });
    send(res, status, json, headers);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        send(res, 500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function event(type: string, session: FakeCheckoutSession): FakeEvent {
    return {
      id: randomId('evt'),
      object: 'event',
      type,
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(session) },
    };
  }

  function pay(sessionId: string, payOptions: { async?: boolean } = {}): FakeEvent {
    const session = sessionOf(sessionId);
    if (session.status === 'open') {
      const intent: FakePaymentIntent = {
        id: randomId('pi'),
        amount: session.amount_total,
        currency: session.currency,
        status: payOptions.async ? 'processing' : 'succeeded',
        amountRefunded: 0,
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, {
        status: 'complete',
        payment_status: payOptions.async ? 'unpaid' : 'paid',
        payment_intent: intent.id,
      });
    } else if (session.status === 'expired') throw new Error(`session ${sessionId} expired`);
    // Paid before: the same completed session again, as a second event about it would carry.
    return event('checkout.session.completed', session);
  }

  function asyncResult(sessionId: string, result: 'succeeded' | 'failed'): FakeEvent {
    const session = sessionOf(sessionId);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (session.status !== 'complete' || !intent) throw new Error(`session ${sessionId} was not paid (call pay first)`);
    intent.status = result === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    session.payment_status = result === 'succeeded' ? 'paid' : 'unpaid';
    return event(`checkout.session.async_payment_${result}`, session);
  }

  function sign(payloadEvent: unknown, secret: string, signOptions: { timestamp?: number } = {}) {
    const payload = JSON.stringify(payloadEvent, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: signOptions.timestamp ?? nowSeconds(),
    });
    return { payload, header };
  }

  return {
    url: base,
    sessions,
    lineItems,
    paymentIntents,
    refunds,
    requests,
    deliveries,
    pay,
    asyncResult,
    signed: sign,
    failNext(error) {
      injected.push(error);
    },
    holdWebhooks() {
      holding = true;
    },
    releaseWebhooks,
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
