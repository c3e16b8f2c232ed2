import type { Adapter, StepObservation } from '../../../src/conformance/index.js';

/**
 * An adapter claiming `features` whose constructor fails with `constructionError`, or whose steps
 * answer `answers` in turn (each case starts again from the first answer): for checking what the
 * runner makes of an implementation's answers.
 */
export function scripted(opts: { features?: Adapter['features']; constructionError?: string; answers?: unknown[] }): Adapter {
  return {
    implementation: { name: 'scripted', version: '1' },
    features: opts.features ?? [],
    async open() {
      const answers = [...(opts.answers ?? [])];
      return {
        ...(opts.constructionError !== undefined ? { constructionError: opts.constructionError } : {}),
        async step(): Promise<StepObservation> {
          return answers.shift() as StepObservation;
        },
        async close() {},
      };
    },
    async dispose() {},
  };
}
