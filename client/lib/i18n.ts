import { i18n } from '@lingui/core';
import type { Language } from '@server/features/events/events.schema';

export const LANGUAGES: Language[] = ['de', 'en'];
const COOKIE = 'lang';

function cookieLanguage(): string | undefined {
  return document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`))?.split('=')[1];
}

const asLanguage = (value: string | null | undefined): Language | undefined => (value === 'de' || value === 'en' ? value : undefined);

/** The `lang` query parameter wins, then the cookie (path /), then German. */
export function detectLanguage(): Language {
  return asLanguage(new URLSearchParams(window.location.search).get('lang')) ?? asLanguage(cookieLanguage()) ?? 'de';
}

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await import(`../../locales/${language}/messages.po`);
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  document.cookie = `${COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

export { i18n };
