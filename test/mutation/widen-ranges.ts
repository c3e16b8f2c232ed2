/**
 * Line ranges of `MUTATION_MUTATE` widened to the code that starts on them.
 *
 * Stryker mutates, for `file.ts:a-b`, only the mutants whose whole span lies inside lines a to b.
 * A mutant that starts on a survivor's line but ends further down (a block emptied, `{` → `{}`; an
 * object literal or a call spread over several lines) would then keep its old result, and a run
 * meant to re-test "the survivors of these lines" would silently leave some out. So each range
 * is widened to the last line of every block, statement or expression that starts inside it.
 */
import ts from 'typescript';

/** One entry of `MUTATION_MUTATE`: a file alone, or a file with a line range. */
const RANGE = /^(?<file>.+):(?<from>\d+)-(?<to>\d+)$/;

/**
 * `entry` with its range's end moved to the last line of every node of `source` that starts on one
 * of its lines; an entry without a range (a whole file, or a column range) is returned as it is.
 *
 * @param entry - `file.ts:a-b` (1-based lines, as Stryker reads them) or `file.ts`
 * @param source - the file's text
 */
export function widenRange(entry: string, source: string): string {
  const m = RANGE.exec(entry);
  if (m === null) return entry;
  const { file, from, to } = m.groups as { file: string; from: string; to: string };
  const first = Number(from);
  let last = Number(to);
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node): void => {
    const start = lineOf(node.getStart(sf));
    if (start > Number(to)) return; // nothing later starts inside the range
    const end = lineOf(node.getEnd());
    // A node that starts inside the range reaches to its end; one that starts before it may hold
    // nodes that start inside it, so it is walked too.
    if (start >= first && end > last) last = end;
    if (end >= first) ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  return `${file}:${first}-${last}`;
}
