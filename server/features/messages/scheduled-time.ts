import { epochMillisIn } from '../../../domain/local-dates.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';

/** A local time without an offset is meant in the event's time zone (the organiser's clock on the evening). */
const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/** The instant `sendAt` names (ISO, UTC), which must lie in the future; else a 406 on the field. */
export function scheduledInstant(deps: Pick<Deps, 'clock' | 'config'>, sendAt: string, field = 'sendAt'): string {
  const millis = HAS_OFFSET.test(sendAt)
    ? Date.parse(sendAt)
    : epochMillisIn(deps.config.timeZone, sendAt.slice(0, 16));
  if (Number.isNaN(millis)) throw new ValidationError([{ field, message: msgId('invalidDateTime') }]);
  if (millis <= deps.clock.now().getTime()) throw new ValidationError([{ field, message: msgId('sendAtInPast') }]);
  return new Date(millis).toISOString();
}
