import { isUniqueViolation } from '../../../db/connection.js';
import { msgId } from '../../../domain/validation-messages.js';
import { ValidationError } from '../../lib/errors.js';

/** The refusal of an e-mail address the event already has, wherever it is found. */
export const emailAlreadyRegistered = () =>
  new ValidationError([{ field: 'email', message: msgId('emailAlreadyRegistered') }]);

/**
 * Runs a write that may add an e-mail address. The single writer makes the check inside the write sufficient;
 * the unique index still guards against any other writer and has the last word.
 */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'participant.email')) throw emailAlreadyRegistered();
    throw error;
  }
}
