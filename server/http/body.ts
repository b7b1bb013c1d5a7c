import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { prefixIssues, type Validation, validate } from '../../domain/validation.js';
import { msgId } from '../../domain/validation-messages.js';
import { AppError, ErrorMessage, ValidationError } from '../lib/errors.js';

/** Reads the JSON body: 415 when it is not JSON, 400 when it does not parse. (413 is the body limit's.) */
async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type))
    throw new AppError('unsupported_media_type', ErrorMessage.notJson.id);
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('malformed_json', ErrorMessage.malformedJson.id);
  }
}

/** Parses and validates the body, or throws the issues (answered as 406). */
export async function validBody<T>(c: Context, validation: (input: unknown) => Validation<T>): Promise<T> {
  return valid(validation(await jsonBody(c)));
}

/** As `validBody`, for a call whose body may be left out: no body is validated as `{}`. */
export async function optionalValidBody<T>(c: Context, validation: (input: unknown) => Validation<T>): Promise<T> {
  if ((await c.req.text()).trim() === '') return valid(validation({}));
  return validBody(c, validation);
}

function valid<T>(result: Validation<T>): T {
  if (!result.ok) throw new ValidationError(result.issues);
  return result.value;
}

/** Validates a path or query parameter; its issues name the parameter. */
export function validParam<S extends v.GenericSchema>(
  name: string,
  schema: S,
  value: string | undefined,
): v.InferOutput<S> {
  const result = validate(schema, value);
  if (!result.ok) throw new ValidationError(prefixIssues(name, result.issues));
  return result.value;
}

/** An Idempotency-Key as clients make them (a UUID or similar): printable, at most 200 characters. */
const idempotencyKeySchema = v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/, msgId('invalidValue'))));

/** The request's Idempotency-Key header, if it sent one: the same key again answers what the first request made. */
export const idempotencyKey = (c: Context): string | undefined =>
  validParam('Idempotency-Key', idempotencyKeySchema, c.req.header('idempotency-key'));

/** What of a refused body is read and dropped at most; beyond it the connection is closed. */
const DISCARDED_BODY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Reads to its end the body of a request answered without it (a refusal before the upload was read): a connection
 * closed on unread data is reset, and a client still sending sees a network error instead of the answer.
 */
export const discardUnreadBody: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  await next();
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body || request.bodyUsed) return;
  // Locked: a reader (the body limit) stopped in the middle, and only closing ends it.
  if (request.body.locked || !(await readToEnd(request.body, DISCARDED_BODY_MAX_BYTES)))
    c.header('Connection', 'close');
};

/** Whether the stream ended within `max` bytes; it is cancelled beyond. */
async function readToEnd(body: ReadableStream<Uint8Array>, max: number): Promise<boolean> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      read += chunk.value.byteLength;
      if (read > max) {
        await reader.cancel();
        return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}
