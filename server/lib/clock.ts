import { type LocalDate, todayIn } from '../../domain/local-dates.js';

/** The one source of "now", so tests can move time (deadlines, passed events, scheduled deletion). */
export interface Clock {
  now(): Date;
  today(): LocalDate;
}

export function systemClock(timeZone: string): Clock {
  return { now: () => new Date(), today: () => todayIn(timeZone) };
}
