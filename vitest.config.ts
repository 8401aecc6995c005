import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    environment: 'node',
    // API tests against PostgreSQL each work in a schema of their own, so files may run in parallel.
    testTimeout: 20_000,
  },
});
