import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // The AG-UI framework interop tests (e2e/interop/: real CopilotKit and Mastra servers) take over a
  // minute, so they are a project of their own: `npm run test:interop`, which .ci/run runs after `npm test`.
  projects: [
    { name: 'widget', testIgnore: 'interop/**' },
    { name: 'interop', testMatch: 'interop/**/*.spec.ts' },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
