import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'db/**/*.test.ts', 'workers/**/*.test.ts', 'client/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/i18n/**/*.test.ts', 'tests/startup/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
