/**
 * The JSON-lines protocol over stdio, for implementations in other languages.
 * The runner writes one request per line to the implementation's stdin; the
 * implementation answers each with one line on stdout carrying the same `seq`.
 * Specified by the r[conformance.protocol.framing] rules and the ones after it.
 *
 * @module
 */
export {
  PROTOCOL_VERSION,
  CLOCK_EPOCH,
  RESOURCE_ID,
  requestSchema,
  responseSchema,
  responseSchemas,
  observationSchemas,
  storedMessageSchema,
  type ProtocolRequest,
  type ProtocolResponse,
} from './messages.js';
export { ProtocolError, checkObservation, fieldPath, protocolErrorOf } from './validate.js';
export { protocolJsonSchemas, type ProtocolJsonSchema } from './json-schema.js';
