import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseBusyOrUnreachable, isDiskFull } from '../../db/connection.js';
import type { Commits } from '../../db/transaction.js';
import type { Deps } from '../deps.js';
import { languageOf } from '../http/language.js';
import { AppError, type ErrorCode, ErrorMessage, type RequestErrorCode, ValidationError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { redactIds } from '../lib/ids.js';

/** When a client may try again after a write failed for a full disk: freeing space takes someone a while. */
const DISK_FULL_RETRY_SECONDS = 60;

/** The HTTP status of every refusal but the conflicts (409): the one place where services' errors meet HTTP. */
const REQUEST_ERROR_STATUS: Record<RequestErrorCode, 400 | 403 | 404 | 413 | 415 | 429 | 503> = {
  forbidden: 403,
  not_found: 404,
  self_link_invalid: 404,
  wrong_acknowledge_link: 404,
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_guesses: 429,
  too_many_mails_to_recipient: 429,
  too_many_event_creations: 429,
  too_many_optimizations: 429,
  too_many_streams: 429,
  work_queue_full: 429,
  invalid_signature: 400,
  payment_provider_unreachable: 503,
  database_busy: 503,
  disk_full: 503,
  shutting_down: 503,
};
const statusOf = (code: ErrorCode) =>
  code in REQUEST_ERROR_STATUS ? REQUEST_ERROR_STATUS[code as RequestErrorCode] : 409;

/**
 * A failure after the request's work was committed (a read-back, a later step): the change stands, so the answer must
 * not say "nothing was changed" (a client retrying on that would do it twice). It says what was saved, names what was
 * created, and is a 503 when the database was only busy or out of reach (reloading soon shows the result).
 */
function answerSavedButUnanswered(c: Context, error: unknown, commits: Commits) {
  const busy = isDatabaseBusyOrUnreachable(error);
  const cause = busy ? String((error as Error).message) : String((error as Error).stack ?? error);
  console.error(`${c.req.method} ${redactIds(c.req.path)} failed after its change was saved: ${redactIds(cause)}`);
  const message = translate(languageOf(c), ErrorMessage.savedButUnanswered.id);
  return c.json({ code: 'saved_but_unanswered', message, ...commits.created }, busy ? 503 : 500);
}

/** The app's one error handler: every error a request ends with, answered in the caller's language. */
export function answerError(deps: Deps, commitsOf: WeakMap<Request, Commits>): ErrorHandler {
  return (error, c) => {
    const language = languageOf(c);
    if (error instanceof ValidationError) {
      return c.json(
        {
          issues: error.issues.map((i) => ({
            ...(i.field ? { field: i.field } : {}),
            message: translate(language, i.message, i.values),
          })),
        },
        406,
      );
    }
    const commits = commitsOf.get(c.req.raw);
    if (
      commits?.count &&
      !(error instanceof ValidationError || error instanceof AppError || error instanceof HTTPException)
    ) {
      return answerSavedButUnanswered(c, error, commits);
    }
    if (isDatabaseBusyOrUnreachable(error))
      error = new AppError('database_busy', ErrorMessage.databaseBusy.id, undefined, 5);
    if (isDiskFull(error)) {
      // The operator's to fix, said in one line; the client may try again once there is room.
      console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${deps.diskFull.noteFull('database')}`);
      error = new AppError('disk_full', ErrorMessage.diskFull.id, undefined, DISK_FULL_RETRY_SECONDS);
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(
        { code: error.code, message: translate(language, error.messageId, error.values) },
        statusOf(error.code),
      );
    }
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    console.error(`${c.req.method} ${redactIds(c.req.path)} failed: ${redactIds(String(error.stack ?? error))}`);
    return c.json({ code: 'unexpected', message: translate(language, ErrorMessage.unexpected.id) }, 500);
  };
}
