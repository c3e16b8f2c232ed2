/**
 * The JSON-lines protocol over stdio, for implementations in other languages.
 * The runner writes one request per line to the implementation's stdin; the
 * implementation answers each with one line on stdout carrying the same `seq`.
 *
 * Implements r[conformance.protocol.handshake], r[conformance.protocol.step], r[conformance.protocol.stop].
 *
 * @module
 */
import type { Feature } from './case/schema.js';
import type { CaseSetup, ImplementationInfo, StepObservation, StepRequest } from './adapter/types.js';

/** The protocol version this runner speaks. */
export const PROTOCOL_VERSION = 1;

/** A request from the runner: one JSON line. */
export type ProtocolRequest =
  | {
      /** Sequence number, echoed by the response. */
      seq: number;
      /** The handshake. */
      type: 'start';
      /** The runner's protocol version. */
      protocol: number;
    }
  | {
      /** Sequence number, echoed by the response. */
      seq: number;
      /** Open a fresh processor for a case. */
      type: 'case';
      /** Its catalog and options. */
      case: CaseSetup;
    }
  | {
      /** Sequence number, echoed by the response. */
      seq: number;
      /** Do one step. */
      type: 'step';
      /** The step. */
      step: StepRequest;
    }
  | {
      /** Sequence number, echoed by the response. */
      seq: number;
      /** End the session; the implementation exits after answering. */
      type: 'stop';
    };

/** A response from the implementation: one JSON line. */
export type ProtocolResponse =
  | {
      /** The request's sequence number. */
      seq: number;
      /** Answer to `start`. */
      type: 'started';
      /** The implementation's protocol version. */
      protocol: number;
      /** Its name and version. */
      implementation: ImplementationInfo;
      /** The features it claims. */
      features: Feature[];
    }
  | {
      /** The request's sequence number. */
      seq: number;
      /** Answer to `case`. */
      type: 'ready';
      /** The constructor's error message, when it rejected the options. */
      constructionError?: string;
    }
  | {
      /** The request's sequence number. */
      seq: number;
      /** Answer to `step`. */
      type: 'observation';
      /** What was observed. */
      observation: StepObservation;
    }
  | {
      /** The request's sequence number. */
      seq: number;
      /** Answer to `stop`. */
      type: 'stopped';
    }
  | {
      /** The request's sequence number. */
      seq: number;
      /** The request could not be done. */
      type: 'error';
      /** Why. */
      message: string;
    };
