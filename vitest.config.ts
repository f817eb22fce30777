import { defineConfig } from 'vitest/config';

// `npx vitest` at the root runs the unit projects; `npm test` runs every suite (scripts/test.mjs).
export default defineConfig({
  test: { projects: ['shared/vitest.config.ts', 'web/vitest.config.ts'] },
});
