import { defineConfig } from 'vitest/config';

// Unit tests sit next to the module they test. DOM-touching modules opt into
// jsdom per file with a `// @vitest-environment jsdom` comment; everything
// else runs in plain Node so pure cores stay pure.
export default defineConfig({
  // widget/modules.ts: unit tests run the self-contained build's path (modules bundled, not fetched).
  define: { __BAILING_SPLIT__: 'false', __BAILING_LANGUAGES_BESIDE__: 'false' },
  test: {
    include: ['builds/**/*.test.ts', 'widget/**/*.test.ts', 'renderers/**/*.test.ts', 'examples/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
