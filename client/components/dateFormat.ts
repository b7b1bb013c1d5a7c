import { i18n } from '@lingui/core';

// Dates of an event are zone-less wall-clock strings ("2026-12-24", "2026-12-24T19:00"): they are shown
// as written (formatted as UTC), never converted through the browser's time zone. Timestamps (createdAt) are real
// instants, shown in the browser's zone. All in the format of the UI language (`locale`), times always 24-hour;
// English as in Britain ("19 Dec 2026"), as the server writes it into mails and default texts.

const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : locale);

const wallClock = (localDateTime: string | null | undefined, withTime: boolean): number | null => {
  const m = localDateTime?.match(withTime ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/ : /^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map(Number);
  return Date.UTC(year, month - 1, day, hour, minute);
};

const format = (value: number | null, options: Intl.DateTimeFormatOptions, locale: string, timeZone?: string) =>
  value === null ? '' : new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone }).format(value);

/** "2026-12-24" or "2026-12-24T19:00" → "24.12.2026" (de), "Dec 24, 2026" (en) */
export const formatDate = (localDate: string | null | undefined, locale = i18n.locale): string =>
  format(wallClock(localDate, false), { dateStyle: 'medium' }, locale, 'UTC');

/** With the weekday, for people who plan by week: "Donnerstag, 24. Dezember 2026", "Thursday, December 24, 2026" */
export const formatLongDate = (localDate: string | null | undefined, locale = i18n.locale): string =>
  format(wallClock(localDate, false), { dateStyle: 'full' }, locale, 'UTC');

/** "2026-12-24T19:00" → "19:00" */
export const formatTime = (localDateTime: string | null | undefined, locale = i18n.locale): string =>
  format(wallClock(localDateTime, true), { timeStyle: 'short', hourCycle: 'h23' }, locale, 'UTC');

/**
 * The time of a moment of the evening, with its date when it falls on a later day than the dinner's (an after-party
 * after midnight): "23:00", or "25.12.2026 01:00".
 */
export function formatEveningTime(localDateTime: string, dinnerDate: string): string {
  const time = formatTime(localDateTime);
  return localDateTime.slice(0, 10) === dinnerDate.slice(0, 10) ? time : `${formatDate(localDateTime)} ${time}`;
}

/** An ISO instant in the browser's zone: "24.12.2026, 19:00" (de), "Dec 24, 2026, 19:00" (en) */
export function formatTimestamp(iso: string | null | undefined, locale = i18n.locale): string {
  const instant = iso ? new Date(iso).getTime() : Number.NaN;
  return Number.isNaN(instant)
    ? ''
    : format(instant, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }, locale);
}

/** "vor 5 Minuten" / "5 minutes ago", in the given locale. */
export function formatRelative(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  const instant = new Date(iso).getTime();
  return format(instant, { dateStyle: 'medium' }, locale);
}
