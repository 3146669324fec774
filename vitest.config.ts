import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'service-worker/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated embedded database for the run, copied for each suite (tests/api/support/global-setup.ts).
          globalSetup: ['tests/api/support/global-setup.ts'],
          // Each file builds its own app on its own database (fresh ids, its own ports), so two files
          // run side by side safely.
        },
      },
    ],
  },
});
