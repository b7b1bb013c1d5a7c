import { defineConfig } from '@lingui/cli';

// One catalog per language for the client and the server's mails and validation messages.
// The source strings are English; German is the default language shown to users.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/client', '<rootDir>/contract', '<rootDir>/domain', '<rootDir>/server'],
      exclude: ['**/node_modules/**', '**/*.test.ts'],
    },
  ],
});
