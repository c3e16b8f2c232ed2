/**
 * Zod schemas for stored MCP client configurations.
 *
 * Implements r[mcp.schema.shape], r[mcp.schema.transport], r[mcp.schema.http-url],
 * r[mcp.schema.timeout], r[mcp.schema.strict] and r[mcp.schema.tool-entry] of `spec/mcp.md`.
 *
 * @module
 */
import { z } from 'zod';
import { ownRecord } from '../own-record.js';

/**
 * A per-tool entry of a stored server's allow-list.
 *
 * @see r[mcp.schema.tool-entry]
 */
export type StoredMcpToolEntry = {
  /** The description stored on the client for this tool (an agent-level description wins over it). */
  description?: string;
  /**
   * Conditional rules as `@mastra/editor` 0.14.0 writes them (`StorageToolConfig.rules`).
   * Kept as data, never evaluated.
   */
  rules?: unknown;
};

/**
 * A stored stdio MCP server: a local command started as a subprocess.
 *
 * @see r[mcp.schema.transport] r[mcp.transport.stdio]
 */
export type StoredMcpStdioServer = {
  /** Transport discriminator. */
  type: 'stdio';
  /** The command to run, e.g. `node` or an absolute path. */
  command: string;
  /** Arguments passed to the command. */
  args?: string[];
  /** Environment variables added to the subprocess's inherited default environment. */
  env?: Record<string, string>;
  /** Request timeout in milliseconds (a positive integer). */
  timeout?: number;
  /** Server-level allow-list: bare tool name to entry. Omitted or empty selects every tool. */
  tools?: Record<string, StoredMcpToolEntry>;
};

/**
 * A stored HTTP MCP server, reached over Streamable HTTP (with `@mastra/mcp`'s SSE fallback).
 * It has no `headers` field: the only header ever added is `Authorization`.
 *
 * @see r[mcp.schema.transport] r[mcp.schema.strict] r[mcp.transport.http]
 */
export type StoredMcpHttpServer = {
  /** Transport discriminator. */
  type: 'http';
  /** Absolute `http:` or `https:` URL of the MCP endpoint. */
  url: string;
  /** Request timeout in milliseconds (a positive integer). */
  timeout?: number;
  /** Server-level allow-list: bare tool name to entry. Omitted or empty selects every tool. */
  tools?: Record<string, StoredMcpToolEntry>;
};

/** A stored server definition of either transport. @see r[mcp.schema.transport] */
export type StoredMcpServer = StoredMcpStdioServer | StoredMcpHttpServer;

/**
 * A stored MCP client configuration: a named set of servers.
 *
 * @see r[mcp.schema.shape]
 */
export type StoredMcpClient = {
  /** Unique id; `create` generates one when it is omitted. */
  id?: string;
  /** Display name. */
  name: string;
  /** What the client is for. */
  description?: string;
  /** Servers keyed by server name; tool ids are `serverName_toolName`. */
  servers: Record<string, StoredMcpServer>;
};

/**
 * Schema of a per-tool entry of a stored server's allow-list.
 *
 * @see r[mcp.schema.tool-entry]
 */
// Unlike @mastra/editor 0.14.0 (r[mcp.schema.strict]): its StorageMCPServerConfig has no runtime validation, so extra
// keys are accepted and ignored; every object here is strict.
export const storedMcpToolEntrySchema: z.ZodType<StoredMcpToolEntry> = z
  .object({
    description: z.string().optional(),
    rules: z.unknown().optional(),
  })
  .strict();

/**
 * Schema of a server-level tool allow-list: tool name (bare, as the server names it) to entry.
 *
 * @see r[mcp.schema.tool-entry]
 */
export const storedMcpToolsSchema: z.ZodType<Record<string, StoredMcpToolEntry>> = ownRecord(z.string(), storedMcpToolEntrySchema);

const timeoutSchema = z.number().int().positive();

// Schema of a stored stdio server (r[mcp.schema.transport] r[mcp.schema.timeout] r[mcp.schema.strict]).
const storedMcpStdioServerSchema = z
  .object({
    type: z.literal('stdio'),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: ownRecord(z.string(), z.string()).optional(),
    timeout: timeoutSchema.optional(),
    tools: storedMcpToolsSchema.optional(),
  })
  .strict();

// Schema of a stored HTTP server (r[mcp.schema.transport] r[mcp.schema.http-url] r[mcp.schema.timeout] r[mcp.schema.strict]).
const storedMcpHttpServerSchema = z
  .object({
    type: z.literal('http'),
    url: z.url({ protocol: /^https?$/ }),
    timeout: timeoutSchema.optional(),
    tools: storedMcpToolsSchema.optional(),
  })
  .strict();

/**
 * Schema of a stored server definition, discriminated by `type`.
 *
 * @see r[mcp.schema.transport]
 */
export const storedMcpServerSchema: z.ZodType<StoredMcpServer> = z.discriminatedUnion('type', [
  storedMcpStdioServerSchema,
  storedMcpHttpServerSchema,
]);

/**
 * Schema of a stored MCP client configuration.
 *
 * @see r[mcp.schema.shape] r[mcp.schema.strict]
 */
export const storedMcpClientSchema: z.ZodType<StoredMcpClient> = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().min(1),
    description: z.string().optional(),
    servers: ownRecord(z.string().min(1), storedMcpServerSchema),
  })
  .strict();
