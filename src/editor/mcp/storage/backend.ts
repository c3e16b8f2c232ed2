/**
 * The persistence port of the stored MCP client namespace.
 *
 * @see r[mcp.storage.backends]
 * @module
 */
import type { StoredMcpClient } from '../schema.js';

/** A stored MCP client config with its id set. */
export type StoredMcpClientWithId = StoredMcpClient & {
  /** The stored id. */
  id: string;
};

/**
 * Where stored MCP client configs live. The namespace validates every value it writes and
 * every value it reads, so a backend stores and returns plain data and does no validation.
 *
 * @see r[mcp.storage.backends]
 */
export interface McpClientBackend {
  /** Short name for error messages, e.g. `memory` or `mastra:mcpClients`. */
  readonly kind: string;
  /** Stores a new config. Called only after the namespace checked the id is free. */
  insert(client: StoredMcpClientWithId): Promise<void>;
  /** Returns the raw stored config (`id`, `name`, `description`, `servers`), or `null`. */
  read(id: string): Promise<unknown>;
  /** Replaces the config of an existing id. */
  replace(client: StoredMcpClientWithId): Promise<void>;
  /** Removes the config of an existing id. */
  remove(id: string): Promise<void>;
  /** Returns every stored config, raw, in any order. */
  readAll(): Promise<unknown[]>;
}
