import type { Language } from '../../../../contract/dinner.js';

// What every system mail is made of.

export interface MailText {
  subject: string;
  text: string;
}

/** The dinner's date as the recipient reads it ("24.12.2026", "24 Dec 2026"). */
export function formatDate(language: Language, date: string): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
