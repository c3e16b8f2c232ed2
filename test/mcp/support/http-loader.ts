/**
 * Suite setup shared by the MCP tests that drive the HTTP fixture server through one loader:
 * before the suite, raise the listener limit (see `./listeners.ts`), start the fixture and
 * create the loader; after it, close the loader, close the fixture and restore the limit.
 */
import { afterAll, beforeAll } from 'vitest';
import { createMcpToolLoader, type ClosableMcpToolLoader, type McpToolLoaderOptions } from '../../../src/mastra/mcp/index.js';
import { startHttpMcpFixture, type HttpMcpFixture } from '../fixtures/http-server.js';
import { raiseListenerLimit } from './listeners.js';

/** The suite's fixture server and loader; read them inside tests and hooks, once `beforeAll` has run. */
export interface HttpFixtureAndLoader {
  /** The HTTP MCP fixture server. */
  readonly http: HttpMcpFixture;
  /** The loader under test. */
  readonly loader: ClosableMcpToolLoader;
}

/**
 * Registers the suite's `beforeAll` and `afterAll` hooks (call it at the top level of a test file).
 *
 * @param listenerLimit - the process listener limit to hold while the suite runs.
 * @param loaderOptions - options of the suite's loader.
 */
export function useHttpFixtureAndLoader(listenerLimit: number, loaderOptions: McpToolLoaderOptions): HttpFixtureAndLoader {
  let http!: HttpMcpFixture;
  let loader!: ClosableMcpToolLoader;
  let restoreListenerLimit!: () => void;

  beforeAll(async () => {
    restoreListenerLimit = raiseListenerLimit(listenerLimit);
    http = await startHttpMcpFixture();
    loader = createMcpToolLoader(loaderOptions);
  });

  afterAll(async () => {
    await loader.close();
    await http.close();
    restoreListenerLimit();
  });

  return {
    get http() {
      return http;
    },
    get loader() {
      return loader;
    },
  };
}
