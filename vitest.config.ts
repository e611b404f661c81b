import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Contract suites start servers and NetlifyDev; two cores, so keep the parallelism modest.
    maxWorkers: 2,
  },
});
