import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's aliases for shared code, as in vite.config.ts and client/tsconfig.json.
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
    },
  },
  test: {
    include: [
      'domain/**/*.test.ts',
      'server/**/*.test.ts',
      'db/**/*.test.ts',
      'workers/**/*.test.ts',
      'client/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/cluster/**/*.test.ts',
      'tests/i18n/**/*.test.ts',
      'tests/startup/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    // Most tests wait on sockets, child processes and timers rather than the CPU: four files at a time halve the run
    // on two cores.
    maxWorkers: 4,
    // Generous: the property tests of the algorithms take a few seconds alone and several times that on a machine
    // busy with other work; a hung test still ends the run.
    testTimeout: 60000,
    hookTimeout: 30000,
  },
});
