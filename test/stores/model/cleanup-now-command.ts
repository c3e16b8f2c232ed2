import type fc from 'fast-check';
import { expect } from 'vitest';
import { assertStats, CATALOG, heldTools, send, type Model, type Real } from './model.js';

/** `cleanupNow()`: removes the entry if it expired, and says so. */
export class CleanupNowCommand implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): void {
    const { storage, ttl } = model.config;
    const expired = storage === 'in-memory' && ttl > 0 && heldTools(model).length > 0 && model.now - model.lastAccess > ttl;
    expect(real.store.cleanupNow()).toBe(expired ? 1 : 0);
    if (expired) send(model, CATALOG, 'TTL_EXPIRED');
    assertStats(model, real);
  }
  toString(): string {
    return 'cleanupNow()';
  }
}
