/** The languages of the app, its mails and its participants; German is the default. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
