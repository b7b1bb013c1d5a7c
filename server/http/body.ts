import type { Context } from 'hono';
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
