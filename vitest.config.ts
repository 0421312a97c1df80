import { defineConfig } from 'vitest/config';

// Server suites run once per database: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
const drivers = ['pglite', ...(process.env['TEST_DATABASE_URL'] ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/lib/**/*.test.{ts,tsx}', 'src/i18n/**/*.test.{ts,tsx}', 'src/islands/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      ...drivers.map((driver) => ({
        test: {
          name: `server-${driver}`,
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          env: {
            TEST_DB_DRIVER: driver,
            FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
          },
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
