/**
 * The `mcp` namespace: CRUD over stored MCP client configs.
 *
 * @see r[mcp.storage.crud] and the other `mcp.storage.*` rules of spec/mcp.md
 * @module
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { McpClientConflictError, McpClientNotFoundError, McpClientValidationError, toConfigIssues } from '../errors.js';
import { storedMcpClientSchema, storedMcpServerSchema } from '../schema.js';
import type { McpClientBackend, StoredMcpClientWithId } from './backend.js';
import { createInMemoryMcpClientBackend } from './memory-backend.js';

/** Input of {@link McpNamespace.update}: the id plus the fields to replace. */
export interface McpClientUpdateInput {
  /** Id of the stored client to update. */
  id: string;
  /** New display name. */
  name?: string;
  /** New description. */
  description?: string;
  /** New server map; replaces the stored one as a whole. */
  servers?: StoredMcpClientWithId['servers'];
}

/**
 * CRUD over stored MCP client configs.
 *
 * @see r[mcp.storage.crud]
 */
export interface McpNamespace {
  /** Validates and stores a new config; generates an id when none is given. */
  create(input: unknown): Promise<StoredMcpClientWithId>;
  /** Returns the stored config, or `null` when no config has that id. */
  getById(id: string): Promise<StoredMcpClientWithId | null>;
  /** Replaces the given top-level fields of a stored config; the result is validated whole. */
  update(input: McpClientUpdateInput): Promise<StoredMcpClientWithId>;
  /** Removes a stored config. */
  delete(id: string): Promise<void>;
  /** Returns every stored config, ordered by id. */
  list(): Promise<StoredMcpClientWithId[]>;
}

/** Options of {@link createMcpNamespace}. */
export interface McpNamespaceOptions {
  /** Where configs live. Defaults to a fresh in-memory backend. */
  backend?: McpClientBackend;
  /** Id generator for `create` inputs without `id`. Defaults to `crypto.randomUUID`. */
  generateId?: () => string;
}

const updateInputSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    servers: z.record(z.string().min(1), storedMcpServerSchema).optional(),
  })
  .strict();

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, context: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new McpClientValidationError(context, toConfigIssues(result.error));
  return result.data;
}

/** Whether a backend's `read` found nothing: `null`, or `undefined` from a backend of one's own (r[mcp.storage.not-found]). */
function absent(raw: unknown): boolean {
  return raw === null || raw === undefined;
}

function assertId(id: unknown, method: string): asserts id is string {
  if (typeof id !== 'string' || id === '') {
    throw new McpClientValidationError(`argument of mcp.${method}()`, [
      { path: 'id', message: 'expected a non-empty string id' },
    ]);
  }
}

/**
 * Creates an `mcp` namespace over a backend.
 *
 * Mutations are serialised within one namespace, so a create racing a create with the same id
 * yields exactly one success and one {@link McpClientConflictError}.
 *
 * @see r[mcp.storage.crud] r[mcp.storage.validate] r[mcp.storage.not-found]
 *   r[mcp.storage.duplicate-id] r[mcp.storage.read-validate] r[mcp.storage.list-order]
 */
export function createMcpNamespace(options: McpNamespaceOptions = {}): McpNamespace {
  const backend = options.backend ?? createInMemoryMcpClientBackend();
  const generateId = options.generateId ?? randomUUID;
  let chain: Promise<unknown> = Promise.resolve();
  const serialised = <T>(op: () => Promise<T>): Promise<T> => {
    const next = chain.then(op, op);
    chain = next.catch(() => undefined);
    return next;
  };

  const readValid = async (id: string): Promise<StoredMcpClientWithId | null> => {
    const raw = await backend.read(id);
    if (absent(raw)) return null;
    const parsed = parseOrThrow(storedMcpClientSchema, raw, `stored MCP client "${id}" in the ${backend.kind} backend`);
    return { ...parsed, id };
  };

  return {
    create: (input) =>
      serialised(async () => {
        // Validate the whole input, naming every bad path.
        const parsed = parseOrThrow(storedMcpClientSchema, input, 'input of mcp.create()');
        // Use the given id or generate one.
        const client: StoredMcpClientWithId = { ...parsed, id: parsed.id ?? generateId() };
        // Refuse an id that is already stored.
        if (!absent(await backend.read(client.id))) throw new McpClientConflictError(client.id);
        await backend.insert(client);
        return structuredClone(client);
      }),
    getById: async (id) => {
      assertId(id, 'getById');
      return readValid(id);
    },
    update: (input) =>
      serialised(async () => {
        // Validate the patch itself (unknown keys are errors).
        const patch = parseOrThrow(updateInputSchema, input, 'input of mcp.update()');
        // The id must exist (its stored value may be invalid: an update can repair it).
        const raw = await backend.read(patch.id);
        // Unlike @mastra/editor 0.14.0 (r[mcp.storage.not-found]): Mastra's storage domains update and delete an
        // unknown id silently.
        if (absent(raw)) throw new McpClientNotFoundError(patch.id);
        const current = typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
        // Replace the given top-level fields and validate the result whole.
        // Unlike @mastra/editor 0.14.0 (r[mcp.storage.update-replace]): its editor.mcp.update() changes only record
        // metadata; here the given fields are replaced and stored as a new version.
        const merged = {
          ...current,
          id: patch.id,
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.description === undefined ? {} : { description: patch.description }),
          ...(patch.servers === undefined ? {} : { servers: patch.servers }),
        };
        const next = { ...parseOrThrow(storedMcpClientSchema, merged, `update of MCP client "${patch.id}"`), id: patch.id };
        await backend.replace(next);
        return structuredClone(next);
      }),
    delete: (id) =>
      serialised(async () => {
        assertId(id, 'delete');
        if (absent(await backend.read(id))) throw new McpClientNotFoundError(id);
        await backend.remove(id);
      }),
    list: async () => {
      const rows = await backend.readAll();
      const out: StoredMcpClientWithId[] = [];
      for (const raw of rows) {
        const id = (raw as { id?: unknown }).id;
        const parsed = parseOrThrow(storedMcpClientSchema, raw, `stored MCP client "${String(id)}" in the ${backend.kind} backend`);
        if (parsed.id === undefined) continue;
        out.push({ ...parsed, id: parsed.id });
      }
      // Unlike @mastra/editor 0.14.0 (r[mcp.storage.list-order]): its list orders by createdAt descending, pages, and
      // lists only published clients.
      return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
  };
}
