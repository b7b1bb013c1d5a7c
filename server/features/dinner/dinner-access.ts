import type { ReadOnlyReason } from '../../../contract/dinner.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { compareDates, type LocalDate } from '../../../domain/local-dates.js';
import type { Deps } from '../../deps.js';
import { AppError, ErrorMessage } from '../../lib/errors.js';

// What every feature asks of a dinner before it acts: whether it may still change.

export function readOnlyReason(row: RunningDinnerRow, today: LocalDate): ReadOnlyReason | null {
  if (row.cancelled_at) return 'CANCELLED';
  return compareDates(row.date, today) < 0 ? 'DATE_PASSED' : null;
}

/** Cancelled and past events are read-only: every change is refused with the reason. */
export function assertWritable(deps: Deps, row: RunningDinnerRow): void {
  const reason = readOnlyReason(row, deps.clock.today());
  if (reason === 'CANCELLED') throw new AppError('dinner_cancelled', ErrorMessage.dinnerCancelled.id);
  if (reason === 'DATE_PASSED') throw new AppError('dinner_date_passed', ErrorMessage.dinnerDatePassed.id);
}
