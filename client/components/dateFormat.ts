// Dates of an event are zone-less wall-clock strings ("2026-12-24", "2026-12-24T19:00"): they are shown
// as written, never converted through the browser's time zone. Timestamps (createdAt) are real instants.

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-24" or "2026-12-24T19:00" → "24.12.2026" */
export function formatDate(localDate: string | null | undefined): string {
  const m = localDate?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** "2026-12-24T19:00" → "19:00" */
export function formatTime(localDateTime: string | null | undefined): string {
  const m = localDateTime?.match(/T(\d{2}):(\d{2})/);
  return m ? `${m[1]}:${m[2]}` : '';
}

/** "01:00", with its date before it ("25.12.2026 01:00") when it falls on another day than `day` (after midnight). */
export function formatTimeOfDay(localDateTime: string, day: string): string {
  const time = formatTime(localDateTime);
  return localDateTime.slice(0, 10) === day.slice(0, 10) ? time : `${formatDate(localDateTime)} ${time}`;
}

/** An ISO instant in the browser's zone: "24.12.2026 19:00" */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "vor 5 Minuten" / "5 minutes ago", in the given locale. */
export function formatRelative(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(seconds / 86400), 'day');
  return formatTimestamp(iso).slice(0, 10);
}
