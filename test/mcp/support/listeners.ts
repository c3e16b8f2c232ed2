/**
 * `@mastra/mcp` registers one SIGTERM and one SIGHUP listener per open server connection and
 * removes them on disconnect. Per-token isolation (r[mcp.isolation.connection-key]) means one
 * connection per token, so tests that open dozens of connections raise the process's listener
 * limit for their duration, instead of printing Node's MaxListenersExceededWarning.
 */
export function raiseListenerLimit(limit: number): () => void {
  const previous = process.getMaxListeners();
  process.setMaxListeners(Math.max(previous, limit));
  return () => process.setMaxListeners(previous);
}
