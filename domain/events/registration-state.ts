import { compareDates, type LocalDate } from '../local-dates.js';

/** NOT_YET_OPEN: the creator has not confirmed the address yet; registration opens with the confirmation. */
export type RegistrationState =
  | 'OPEN'
  | 'DEADLINE_PASSED'
  | 'DEACTIVATED'
  | 'CANCELLED'
  | 'DINNER_PASSED'
  | 'NOT_YET_OPEN';

/** What decides whether a dinner takes registrations (its row's columns). */
export interface RegistrationColumns {
  cancelled_at: string | null;
  date: LocalDate;
  end_of_registration_date: LocalDate;
  registration_deactivated: number;
  acknowledged_at: string | null;
}

/** Whether the dinner takes registrations today, or the first reason why not. */
export function registrationStateOf(dinner: RegistrationColumns, today: LocalDate): RegistrationState {
  if (dinner.cancelled_at) return 'CANCELLED';
  if (compareDates(dinner.date, today) < 0) return 'DINNER_PASSED';
  if (compareDates(dinner.end_of_registration_date, today) < 0) return 'DEADLINE_PASSED';
  if (dinner.registration_deactivated) return 'DEACTIVATED';
  if (dinner.acknowledged_at === null) return 'NOT_YET_OPEN';
  return 'OPEN';
}
