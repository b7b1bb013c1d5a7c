import type { Language } from '@contract/dinner';
import { i18n, type Messages } from '@lingui/core';

export const LANGUAGES: Language[] = ['de', 'en'];
const COOKIE = 'lang';

function cookieLanguage(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.split('=')[1];
}

const asLanguage = (value: string | null | undefined): Language | undefined =>
  value === 'de' || value === 'en' ? value : undefined;

/** The first of the browser's languages (as it sends them in Accept-Language) that the app speaks. */
const browserLanguage = (): Language | undefined =>
  (navigator.languages ?? [navigator.language])
    .map((tag) => asLanguage(tag?.slice(0, 2).toLowerCase()))
    .find((language) => language !== undefined);

/**
 * The `lang` query parameter wins, then the cookie (path /), then the browser's language, then German. The language
 * shown is written to the cookie (activateLanguage), so a first visit's choice is remembered.
 */
export function detectLanguage(): Language {
  return (
    asLanguage(new URLSearchParams(window.location.search).get('lang')) ??
    asLanguage(cookieLanguage()) ??
    browserLanguage() ??
    'de'
  );
}

/**
 * One chunk per language, fetched only for the language shown. In the build the chunk holds the messages of the
 * public pages, and `rest` loads the others (see splitCatalogs in vite.config.ts); the dev server has no `rest`.
 */
interface Catalog {
  messages: Messages;
  rest?: () => Promise<{ messages: Messages }>;
}
const catalogs: Record<Language, () => Promise<Catalog>> = {
  de: () => import('../../locales/de/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

/** Set once an area beyond the public pages is wanted: from then on every language is loaded whole. */
let wantWhole = false;
/** The language whose whole catalog i18n holds. */
let whole: Language | undefined;
const loading = new Map<Language, Promise<void>>();

export async function activateLanguage(language: Language): Promise<void> {
  const { messages, rest } = await catalogs[language]();
  const withRest = wantWhole ? rest : undefined;
  i18n.loadAndActivate({
    locale: language,
    messages: withRest ? { ...messages, ...(await withRest()).messages } : { ...messages },
  });
  whole = withRest || !rest ? language : undefined;
  document.documentElement.lang = language;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the participants use (Safari before 18.4)
  document.cookie = `${COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  // Wanted while this language was loading.
  if (wantWhole) await loadWholeCatalog();
}

/** The messages of every area in the active language; the areas beyond the public pages wait for them. */
export function loadWholeCatalog(): Promise<void> {
  wantWhole = true;
  const language = asLanguage(i18n.locale);
  if (!language || whole === language) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = (async () => {
      const { rest } = await catalogs[language]();
      const messages = rest ? (await rest()).messages : {};
      // Another language activated meanwhile came whole already.
      if (i18n.locale !== language) return;
      i18n.load(language, messages);
      whole = language;
    })().finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

// A message the public part of the catalog lacks shows up once the rest is there.
i18n.on('missing', () => void loadWholeCatalog());

export { i18n };
