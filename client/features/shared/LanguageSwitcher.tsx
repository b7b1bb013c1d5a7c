import type { Language } from '@contract/dinner';
import { useLingui } from '@lingui/react/macro';
import { activateLanguage, LANGUAGES } from '../../lib/i18n';

/** Each language in its own words, so a screen reader says "Deutsch" rather than "de". */
export const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { i18n, t } = useLingui();
  return (
    <fieldset className={`flex items-center gap-1 text-sm ${className}`} aria-label={t`Language`}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-label={LANGUAGE_NAMES[language]}
          onClick={() => void activateLanguage(language)}
          aria-pressed={i18n.locale === language}
          className={`rounded px-2 py-1 font-semibold uppercase ${i18n.locale === language ? 'bg-primary-700 text-white' : 'text-gray-600 hover:bg-gray-100'}`}
        >
          {language}
        </button>
      ))}
    </fieldset>
  );
}
