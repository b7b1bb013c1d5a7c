import { Temporal } from 'temporal-polyfill';

/**
 * Dates of an event are wall-clock values in the event's own place, so they are plain (zone-less) Temporal
 * values: "2026-12-24" and "2026-12-24T19:00". Isomorphic: used by the server and the client.
 */
export type LocalDate = string;
export type LocalDateTime = string;

export const isLocalDate = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && parses(() => Temporal.PlainDate.from(s, { overflow: 'reject' }));
export const isLocalDateTime = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s) &&
  parses(() => Temporal.PlainDateTime.from(s, { overflow: 'reject' }));

function parses(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wire also accepts the array forms [2026,12,24] and [2026,12,24,19,0,0]. */
export function dateFromParts(parts: readonly number[]): LocalDate {
  return `${pad(parts[0], 4)}-${pad(parts[1])}-${pad(parts[2])}`;
}
export function dateTimeFromParts(parts: readonly number[]): LocalDateTime {
  return `${dateFromParts(parts)}T${pad(parts[3] ?? 0)}:${pad(parts[4] ?? 0)}`;
}

export function toMinutePrecision(dateTime: LocalDateTime): LocalDateTime {
  return Temporal.PlainDateTime.from(dateTime).toString({ smallestUnit: 'minute' });
}

export function datePart(dateTime: LocalDateTime): LocalDate {
  return Temporal.PlainDateTime.from(dateTime).toPlainDate().toString();
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  return Temporal.PlainDate.compare(a, b);
}
export function compareDateTimes(a: LocalDateTime, b: LocalDateTime): number {
  return Temporal.PlainDateTime.compare(a, b);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}
export function addHours(dateTime: LocalDateTime, hours: number): LocalDateTime {
  return toMinutePrecision(Temporal.PlainDateTime.from(dateTime).add({ hours }).toString());
}
export function addMinutes(dateTime: LocalDateTime, minutes: number): LocalDateTime {
  return toMinutePrecision(Temporal.PlainDateTime.from(dateTime).add({ minutes }).toString());
}
export function atTime(date: LocalDate, hour: number, minute = 0): LocalDateTime {
  return toMinutePrecision(Temporal.PlainDate.from(date).toPlainDateTime({ hour, minute }).toString());
}
/** Keeps the time of day, moves the calendar day by the distance between the two dates. */
export function shiftByDateChange(dateTime: LocalDateTime, fromDate: LocalDate, toDate: LocalDate): LocalDateTime {
  const days = Temporal.PlainDate.from(fromDate).until(toDate, { largestUnit: 'days' }).days;
  return toMinutePrecision(Temporal.PlainDateTime.from(dateTime).add({ days }).toString());
}
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Temporal.PlainDate.from(from).until(to, { largestUnit: 'days' }).days;
}

export function todayIn(timeZone: string, now: Date = new Date()): LocalDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The instant a local date-time names in `timeZone`, as epoch milliseconds (calendar files carry instants). */
export function epochMillisIn(timeZone: string, dateTime: LocalDateTime): number {
  return Temporal.PlainDateTime.from(dateTime).toZonedDateTime(timeZone).epochMilliseconds;
}
