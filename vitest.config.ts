import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'service-worker/**/*.test.ts',
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
          // Each file builds its own app on its own database; keep them apart on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
