/**
 * The in-process adapter for any tool-search processor shaped like Mastra's
 * `ToolSearchProcessor`: its options and {@link processorAdapter}. This module is pure; the
 * driver that builds the Agent's step arguments with `@mastra/core` (`./processor-driver.ts`)
 * is loaded when the first case opens, so importing the conformance entry needs no peer.
 *
 * Implements r[conformance.adapter.interface], r[conformance.adapter.clock].
 *
 * @module
 */
import type { Feature } from '../case/schema.js';
import { importWithPeers } from '../peer.js';
import { CLOCK_EPOCH, RESOURCE_ID } from '../protocol/messages.js';
import type { Adapter, ImplementationInfo, StoredMessage } from './types.js';
import type { SimulatedTimers } from './sim-time.js';

/** The part of a Mastra-shaped tool-search processor the driver uses. */
export interface ProcessorLike {
  /** Runs one step; returns `{ tools }`. */
  processInputStep(args: never): unknown;
  /** Forgets one thread's loaded tools. */
  clearState?(threadId?: string): void;
  /** Forgets every thread's loaded tools. */
  clearAllState?(): void;
  /** Removes expired threads; returns how many. */
  cleanupNow?(): number;
  /** Counts the threads held in memory. */
  getStateStats?(): StateStats;
  /** The loaded tools of a resumed request. */
  getLoadedToolsForRequestContext?(args?: { requestContext?: unknown; tools?: Record<string, unknown> }): unknown;
}

/** What `getStateStats()` returns. */
export interface StateStats {
  /** Threads held in memory. */
  threadCount: number;
  /** Their oldest last-access time, or null when there are none. */
  oldestAccessTime: number | null;
}

/** A constructor of a Mastra-shaped tool-search processor. */
export type ProcessorClass = new (options: never) => ProcessorLike;

/** How the driver controls time for the processor under test. */
export type ClockControl =
  | {
      /** Pass the clock as constructor options. */
      kind: 'option';
      /**
       * Makes the options that carry the clock (and the timers of filter deadlines), e.g.
       * `(now, timers) => ({ clock: now, timers })`.
       */
      options: (now: () => number, timers: SimulatedTimers) => Record<string, unknown>;
    }
  | {
      /** Replace `Date.now` for the duration of each driver operation (the processor reads `Date.now`). */
      kind: 'date-now';
    };

/** Everything the driver needs to know about one processor class. */
export interface ProcessorDriverOptions {
  /** Name and version reported by the adapter. */
  implementation: ImplementationInfo;
  /** The processor class. */
  processor: ProcessorClass;
  /** Features this processor supports. */
  features: readonly Feature[];
  /** How time is controlled. */
  clock: ClockControl;
}

export { CLOCK_EPOCH, RESOURCE_ID };

/** One part of a {@link DriverDbMessage}: text, or a tool invocation. */
export type DriverDbPart =
  | {
      /** A text part. */
      type: 'text';
      /** Its text. */
      text: string;
    }
  | {
      /** A tool invocation part. */
      type: 'tool-invocation';
      /** The invocation: a call, or a call with its result. */
      toolInvocation: {
        /** `call` (no result yet) or `result`. */
        state: 'call' | 'result';
        /** The call's id. */
        toolCallId: string;
        /** The tool called. */
        toolName: string;
        /** Its arguments. */
        args: Record<string, unknown>;
        /** The result (state `result` only). */
        result?: unknown;
        /** Whether the result is an error. */
        isError?: true;
      };
    };

/** A stored message in the shape of `@mastra/core`'s `MastraDBMessage` (content format 2), as the driver builds it. */
export interface DriverDbMessage {
  /** Message id. */
  id: string;
  /** Who wrote it. */
  role: 'user' | 'assistant';
  /** When, on the simulated clock. */
  createdAt: Date;
  /** The thread, when the case has one. */
  threadId?: string;
  /** The resource, when the case has a thread. */
  resourceId?: string;
  /** Content format 2. */
  content: {
    /** Always 2. */
    format: 2;
    /** The parts. */
    parts: DriverDbPart[];
  };
}

/**
 * Turns the stored messages of a step request (JSON, r[conformance.protocol.messages]) into
 * `MastraDBMessage`s: the same objects, with `createdAt` as a `Date`.
 */
export function toMastraMessages(messages: readonly StoredMessage[]): DriverDbMessage[] {
  return messages.map((m) => ({ ...structuredClone(m), createdAt: new Date(m.createdAt) }) as DriverDbMessage);
}


/**
 * Makes an in-process adapter for a Mastra-shaped tool-search processor class. The driver
 * loads `@mastra/core` when the first case opens; without it, `open()` rejects with an error
 * that names the peer and how to install it.
 *
 * @see r[conformance.adapter.interface]
 */
export function processorAdapter(driver: ProcessorDriverOptions): Adapter {
  return {
    implementation: driver.implementation,
    features: driver.features,
    // Loaded on the first case: the driver needs @mastra/core (MessageList, RequestContext, createTool).
    open: async (setup) => (await importWithPeers('processorAdapter()', () => import('./processor-driver.js'))).openDriverSession(driver, setup),
    dispose: async () => {},
  };
}
