/**
 * A Streamable-HTTP MCP server on 127.0.0.1 that lists tools given as data, so
 * that `@mastra/editor` (which always builds a real `MCPClient`) can load a
 * case's stored MCP clients. Each stored server gets its own path; the tools
 * it lists are registered before the resolution that reads them.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ToolData } from '../case/schema.js';

/** A running data server. */
export interface McpDataServer {
  /** Serves `tools` at a fresh path and returns its URL (unique, so no two `MCPClient`s share a configuration). */
  serve(tools: ToolData[]): string;
  /** Stops the server and drops open sockets. */
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts a data server on an ephemeral loopback port. Stateless: each POST gets a fresh MCP server. */
export async function startMcpDataServer(): Promise<McpDataServer> {
  const served = new Map<string, ToolData[]>();
  let next = 0;
  const http: Server = createServer((req, res) => {
    void (async () => {
      const tools = served.get(req.url ?? '');
      if (req.method !== 'POST' || tools === undefined) {
        res.writeHead(req.method !== 'POST' ? 405 : 404).end();
        return;
      }
      const body: unknown = JSON.parse(await readBody(req));
      const server = new McpServer({ name: 'editor-conformance-data', version: '1.0.0' });
      for (const t of tools) {
        server.registerTool(t.id, { description: t.description }, async () => ({ content: [{ type: 'text', text: t.id }] }));
      }
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    serve(tools) {
      const path = `/mcp/${++next}`;
      served.set(path, tools);
      return `http://127.0.0.1:${port}${path}`;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
