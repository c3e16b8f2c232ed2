#!/usr/bin/env node
/**
 * Entry point of `npm run conformance` and of the `tool-search-conformance` bin.
 * See {@link main} for the options.
 *
 * @module
 */
import { main } from './run/main.js';

process.exitCode = await main(process.argv.slice(2));
