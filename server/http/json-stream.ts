import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';

/** Items serialised per turn of the event loop: a few milliseconds of work each. */
const ITEMS_PER_TURN = 100;

/**
 * A JSON answer whose one long array is serialised a slice at a time as the client reads it, with turns of the
 * event loop between the slices: JSON.stringify of a plan of 1,500 teams (about 3 MB) held the main thread for
 * close to 100 ms in one go. The body is the same JSON as c.json would send.
 */
export function streamedJson<T extends object>(c: Context, value: T, key: keyof T & string): Response {
  const items = value[key] as unknown[];
  const marker = `"${crypto.randomUUID()}"`;
  const [head, tail] = JSON.stringify({ ...value, [key]: JSON.parse(marker) }).split(marker);
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${head}[`));
    },
    async pull(controller) {
      if (next > 0) await nextTurn();
      const slice = items.slice(next, next + ITEMS_PER_TURN).map((item) => JSON.stringify(item) ?? 'null');
      controller.enqueue(encoder.encode((next > 0 && slice.length > 0 ? ',' : '') + slice.join(',')));
      next += ITEMS_PER_TURN;
      if (next >= items.length) {
        controller.enqueue(encoder.encode(`]${tail}`));
        controller.close();
      }
    },
  });
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}
