import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, confirmOrganiserIn, startChildServer } from '../support/child-server.js';
import { createBody, createDinner, participantsPath } from '../support/factories.js';
import { deliver, ordered, orderStatusOf, setPrice, stripeEnv, WEBHOOK_SECRET } from '../support/payments.js';
import { type StripeFake, startStripeFake } from '../support/stripe-fake.js';
import { call } from '../support/test-server.js';

// A paid registration survives the server dying around Stripe's webhook (issue 13): the order is stored before
// Stripe is asked, and an event is handled in the transaction that records it, so Stripe's retries after a crash
// register whoever paid exactly once. The built server runs as a child process (`npm run build` first).

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(() => fake?.stop());

describe('a server killed around a paid registration', () => {
  let server: ChildServer | undefined;
  afterAll(() => server?.stop());

  /** Starts the built server on `dataDir` (a new one when not given), pointed at the fake. */
  const start = (dataDir?: string) => startChildServer(stripeEnv(fake), dataDir ? { dataDir } : undefined);
  /** Kills the server as a crash would: no shutdown, no answer to what is in flight. */
  async function kill(victim: ChildServer): Promise<void> {
    victim.child.kill('SIGKILL');
    await victim.exited;
  }
  /** Stripe's delivery (or retry) of `event`, signed at the time it is sent. */
  const deliverEvent = (target: ChildServer, event: unknown) => deliver(target, fake.signed(event, WEBHOOK_SECRET));

  /** The event's participants as the organiser sees them, and the mails the server queued to each address. */
  async function registered(target: ChildServer, adminId: string) {
    const res = await call(target, 'GET', participantsPath(adminId, '/participants'));
    expect(res.status, res.text).toBe(200);
    const list = res.json as {
      participants: { email: string; activated: boolean }[];
      unconfirmedParticipants: unknown[];
    };
    expect(list.unconfirmedParticipants).toEqual([]);
    const mails = await target.withDatabase((db) =>
      db
        .selectFrom('message_task')
        .select('recipient_email as email')
        .where('recipient_email', '!=', 'orga@example.org')
        .orderBy('created_at')
        .execute(),
    );
    return { participants: list.participants.map((p) => [p.email, p.activated]), mails: mails.map((m) => m.email) };
  }

  it('registers the payer once: killed before the webhook came, right after one was accepted, and while one was handled', async () => {
    const first = await start();
    const { runningDinner } = await createDinner(first, createBody());
    const { adminId } = runningDinner;
    const { publicDinnerId } = runningDinner.publicSettings;
    await confirmOrganiserIn(first, adminId);
    await setPrice(first, adminId);

    // Killed before the webhook came: the order was stored before Stripe was asked, so the retries find it.
    const jonas = await ordered(first, fake, publicDinnerId);
    const jonasPaid = fake.pay(jonas.session.id);
    await kill(first);
    await expect(deliverEvent(first, jonasPaid)).rejects.toThrow();
    server = await start(first.dataDir);
    for (let retry = 0; retry < 2; retry++) {
      const res = await deliverEvent(server, jonasPaid);
      expect(res.status, res.text).toBe(200);
    }
    expect(await orderStatusOf(server, publicDinnerId, jonas.orderId)).toBe('PAID');
    expect(await registered(server, adminId)).toEqual({
      participants: [['jonas.weiss@example.org', true]],
      mails: ['jonas.weiss@example.org'],
    });

    // Killed right after a delivery was accepted (committed): Stripe, which may not have seen the answer, sends again.
    const lena = await ordered(server, fake, publicDinnerId, { email: 'lena@example.org', firstnamePart: 'Lena' });
    const lenaPaid = fake.pay(lena.session.id);
    expect((await deliverEvent(server, lenaPaid)).status).toBe(200);
    await kill(server);
    server = await start(first.dataDir);
    expect((await deliverEvent(server, lenaPaid)).status).toBe(200);
    expect(await orderStatusOf(server, publicDinnerId, lena.orderId)).toBe('PAID');
    expect(await registered(server, adminId)).toEqual({
      participants: [
        ['jonas.weiss@example.org', true],
        ['lena@example.org', true],
      ],
      mails: ['jonas.weiss@example.org', 'lena@example.org'],
    });

    // Killed while a delivery was on its way or being handled: either it committed or nothing of it did.
    const paul = await ordered(server, fake, publicDinnerId, { email: 'paul@example.org', firstnamePart: 'Paul' });
    const paulPaid = fake.pay(paul.session.id);
    const inFlight = deliverEvent(server, paulPaid).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await kill(server);
    await inFlight;
    server = await start(first.dataDir);
    for (let retry = 0; retry < 2; retry++) expect((await deliverEvent(server, paulPaid)).status).toBe(200);
    expect(await orderStatusOf(server, publicDinnerId, paul.orderId)).toBe('PAID');
    const after = await registered(server, adminId);
    expect(after.participants.map(([email]) => email)).toEqual([
      'jonas.weiss@example.org',
      'lena@example.org',
      'paul@example.org',
    ]);
    expect(after.mails).toEqual(['jonas.weiss@example.org', 'lena@example.org', 'paul@example.org']);
  });
});
