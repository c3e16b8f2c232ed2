/**
 * The two processors a swapping user chooses between, behind one shape, and the checks that
 * walk what such a user depends on. A check is written from the observed behaviour of
 * `@mastra/core` 1.71.0 and runs against both classes.
 */
import { ToolSearchProcessor as MastraToolSearchProcessor } from '@mastra/core/processors';
import { ToolSearchProcessor } from '../../../src/index.js';
import { Conversation, requestContext } from '../../processor/support/harness.js';

/** Which processor. */
export type ImplName = 'mastra' | 'ours';

/** One of the two processors. */
export interface Impl {
  /** `mastra` for `@mastra/core` 1.71.0's, `ours` for this package's. */
  readonly name: ImplName;
  /** Constructs the processor; both take Mastra's options. */
  create(options: Record<string, unknown>): ToolSearchProcessor;
}

export const IMPLS: readonly Impl[] = [
  { name: 'mastra', create: (options) => new MastraToolSearchProcessor(options as never) as unknown as ToolSearchProcessor },
  { name: 'ours', create: (options) => new ToolSearchProcessor(options as never) },
];

/** One behaviour a swapping user depends on, as `@mastra/core` 1.71.0 shows it. */
export interface Check {
  /** Stable ID: `area/short-name`. */
  readonly id: string;
  /** The rules of this project's spec the behaviour concerns. */
  readonly rules: readonly string[];
  /** What the user observes, in a few words. */
  readonly title: string;
  /** Throws (an assertion) when the processor does not behave so. */
  run(impl: Impl): Promise<void>;
}

/** Defines a check. */
export const check = (id: string, rules: readonly string[], title: string, run: (impl: Impl) => Promise<void>): Check => ({ id, rules, title, run });

/** A conversation on a thread (or anonymous) against a processor built from `options`. */
export function conversation(impl: Impl, options: Record<string, unknown>, thread: string | undefined = 't1', requestTools: Record<string, unknown> = {}) {
  return new Conversation(impl.create(options), requestContext(thread), requestTools);
}

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A meta-tool result, loosely typed. */
export type Result = Any;
