/**
 * Small in-memory fakes of the resolver's injected sources.
 */
import type {
  IntegrationToolProvider,
  McpClientConfigLike,
  McpLoadResult,
  McpToolLoader,
  ProviderRequest,
  StoredToolProviderConfig,
  ToolLike,
  ToolProviderV1,
} from '../../src/editor/index.js';

/** A plain tool with an execute. */
export interface FakeTool extends ToolLike {
  execute: () => Promise<string>;
}

/** A plain tool whose execute returns its label. */
export function tool(label: string, description = `${label} description`): FakeTool {
  return { id: label, description, execute: async () => label };
}

/** One recorded loader call. */
export interface LoaderCall {
  clientId: string;
  authToken: string | undefined;
}

/**
 * A loader serving fixed tools per client id and server name; clients listed in
 * `failing` throw.
 */
export class FakeLoader implements McpToolLoader {
  readonly calls: LoaderCall[] = [];
  constructor(
    private readonly byClient: Record<string, Record<string, Record<string, ToolLike>>>,
    private readonly failing: ReadonlySet<string> = new Set(),
    private readonly extra: Record<string, McpLoadResult['diagnostics']> = {},
  ) {}

  async loadServerTools(client: McpClientConfigLike & { id: string }, request: { authToken?: string }): Promise<McpLoadResult> {
    this.calls.push({ clientId: client.id, authToken: request.authToken });
    if (this.failing.has(client.id)) throw new Error(`cannot start ${client.id}`);
    return { servers: this.byClient[client.id] ?? {}, diagnostics: this.extra[client.id] ?? [] };
  }
}

/** A stored client with stdio servers of the given server-level allow-lists. */
export function storedClient(
  servers: Record<string, { type?: 'stdio' | 'http'; tools?: Record<string, { description?: string }> }>,
): McpClientConfigLike {
  const out: McpClientConfigLike = { name: 'client', servers: {} };
  for (const [name, s] of Object.entries(servers)) {
    out.servers = {
      ...out.servers,
      [name]:
        s.type === 'http'
          ? { type: 'http', url: `http://127.0.0.1:1/${name}`, ...(s.tools ? { tools: s.tools } : {}) }
          : { type: 'stdio', command: 'node', ...(s.tools ? { tools: s.tools } : {}) },
    };
  }
  return out;
}

/** A legacy integration provider over a fixed catalog. */
export class FakeIntegration implements IntegrationToolProvider {
  readonly requests: ProviderRequest[] = [];
  constructor(private readonly catalog: Record<string, ToolLike>) {}
  async listToolIds(request: ProviderRequest): Promise<string[]> {
    this.requests.push(request);
    return Object.keys(this.catalog);
  }
  async resolveTools(ids: readonly string[]): Promise<Record<string, ToolLike>> {
    const out: Record<string, ToolLike> = {};
    for (const id of ids) if (this.catalog[id]) out[id] = this.catalog[id];
    return out;
  }
}

/** A V1 tool provider returning one tool per selected slug. */
export class FakeToolProvider implements ToolProviderV1 {
  readonly calls: { config: StoredToolProviderConfig; request: ProviderRequest }[] = [];
  constructor(private readonly prefix: string) {}
  async resolveTools(config: StoredToolProviderConfig, request: ProviderRequest): Promise<Record<string, ToolLike>> {
    this.calls.push({ config, request });
    return Object.fromEntries(Object.keys(config.tools).map((slug) => [slug, tool(`${this.prefix}:${slug}`)]));
  }
}

/** What `promise` rejects with; fails the test when it resolves or rejects with something that is not an Error. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
