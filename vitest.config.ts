import { defineConfig } from 'vitest/config';

/**
 * The MCP tests run twice: once against `@mastra/mcp` 1.18.0 (the dev dependency) and once
 * against 2.0.0 (installed under the npm alias `@mastra/mcp-v2`). In the `mcp@2` project every
 * `import … from '@mastra/mcp'` of the source and the tests resolves to 2.0.0, as it does for a
 * user who installs that major; `test/mcp/client-major.test.ts` checks that it did.
 * `@mastra/editor` is not processed by vite and keeps its own 1.x.
 */
const mcpTests = ['test/mcp/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/fast-check-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: mcpTests } },
      { extends: true, test: { name: 'mcp@1', include: mcpTests, env: { MCP_CLIENT_MAJOR: '1' } } },
      {
        extends: true,
        resolve: { alias: [{ find: /^@mastra\/mcp$/, replacement: '@mastra/mcp-v2' }] },
        test: { name: 'mcp@2', include: mcpTests, env: { MCP_CLIENT_MAJOR: '2' } },
      },
    ],
  },
});
