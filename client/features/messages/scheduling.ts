import type { RunningDinner } from '@contract/dinner';
import type { MessageType } from '@contract/messages';
import { ROUTE_MAILS_DAYS_BEFORE } from '@domain/events/dinner';
import { addDays, atTime, type LocalDateTime } from '@domain/local-dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** The next full hour on this device's clock, as a local time. */
function nextFullHour(now: Date): LocalDateTime {
  const next = new Date(now.getTime() + 3600_000);
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T${pad(next.getHours())}:00`;
}

/** What "send later" proposes: route mails three days before the dinner at 18:00 while that lies ahead, else the next hour. */
export function proposedSendTime(type: MessageType, dinner: RunningDinner, now = new Date()): LocalDateTime {
  const soonest = nextFullHour(now);
  if (type !== 'DINNER_ROUTE') return soonest;
  const proposed = atTime(addDays(dinner.basicDetails.date, -ROUTE_MAILS_DAYS_BEFORE), 18);
  return proposed > soonest ? proposed : soonest;
}
