/**
 * The conversion of a stopped Stryker run's event log into a partial incremental file
 * (test/mutation/events-to-report.ts): every tested mutant, grouped by file, each file's source as
 * at the revision the run mutated, so that later edits do not move its mutants.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { reportFromEvents } from './events-to-report.js';

describe('a stopped run’s event log as a partial report', () => {
  it('groups the tested mutants by file, with each file’s source at the given revision', () => {
    const folder = mkdtempSync(join(tmpdir(), 'events-'));
    try {
      const mutant = (id: string, line: number, status: string) => ({
        id,
        mutatorName: 'ConditionalExpression',
        replacement: 'false',
        location: { start: { line, column: 3 }, end: { line, column: 9 } },
        status,
        fileName: join(process.cwd(), 'src/processor/code-points.ts'),
      });
      writeFileSync(join(folder, '00000-onDryRunCompleted.json'), '{}');
      writeFileSync(join(folder, '00002-onMutantTested.json'), JSON.stringify(mutant('1', 16, 'Survived')));
      writeFileSync(join(folder, '00003-onMutantTested.json'), JSON.stringify(mutant('2', 17, 'Killed')));
      const report = reportFromEvents(folder, 'HEAD');
      expect(Object.keys(report.files)).toEqual(['src/processor/code-points.ts']);
      const file = report.files['src/processor/code-points.ts']!;
      expect(file.source).toBe(execFileSync('git', ['show', 'HEAD:src/processor/code-points.ts'], { encoding: 'utf8' }));
      expect(file.mutants.map((m) => [m.id, m.status, m.location.start.line])).toEqual([
        ['1', 'Survived', 16],
        ['2', 'Killed', 17],
      ]);
      expect(file.mutants[0]).not.toHaveProperty('fileName');
      expect(report.$comment).toContain('2 mutants');
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});
