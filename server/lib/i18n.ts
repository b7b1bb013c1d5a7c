import { type I18n, setupI18n } from '@lingui/core';
import type { Language } from '../../domain/language.js';
import { messages as de } from '../../locales/de/messages.js';
import { messages as en } from '../../locales/en/messages.js';

const translators: Record<Language, I18n> = {
  de: setupI18n({ locale: 'de', messages: { de } }),
  en: setupI18n({ locale: 'en', messages: { en } }),
};

export function translate(language: Language, id: string, values?: Record<string, unknown>): string {
  return translators[language]._(id, values);
}

function languageFrom(value: string | undefined | null): Language | undefined {
  const code = value?.trim().slice(0, 2).toLowerCase();
  return code === 'de' || code === 'en' ? code : undefined;
}

/** The supported language the caller ranks highest in Accept-Language ("fr-FR,fr;q=0.9,en;q=0.8" → en). */
function acceptedLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: languageFrom(tag), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.language;
}

/** The caller's language: `lang` query parameter, then the `lang` cookie, then Accept-Language, then German. */
export function requestLanguage(
  query: string | undefined,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return languageFrom(query) ?? languageFrom(cookie) ?? acceptedLanguage(acceptLanguage) ?? 'de';
}
