import { compareDates, type LocalDate } from '../local-dates.js';

export type RegistrationState = 'OPEN' | 'DEADLINE_PASSED' | 'DEACTIVATED' | 'CANCELLED' | 'DINNER_PASSED';

/** What decides whether a dinner takes registrations (its row's columns). */
export interface RegistrationColumns {
  cancelled_at: string | null;
  date: LocalDate;
  end_of_registration_date: LocalDate;
  registration_deactivated: number;
}

/** Whether the dinner takes registrations today, or the first reason why not. */
export function registrationStateOf(dinner: RegistrationColumns, today: LocalDate): RegistrationState {
  if (dinner.cancelled_at) return 'CANCELLED';
  if (compareDates(dinner.date, today) < 0) return 'DINNER_PASSED';
  if (compareDates(dinner.end_of_registration_date, today) < 0) return 'DEADLINE_PASSED';
  if (dinner.registration_deactivated) return 'DEACTIVATED';
  return 'OPEN';
}
