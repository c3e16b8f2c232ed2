/**
 * Command line of `npm run bench -- [options]`.
 */
import { FAMILY_IDS, type FamilyId } from './families.js';

/** Every workload, in run order. */
export const WORKLOADS = ['construction', 'heap', 'search', 'resolved', 'context', 'threads', 'steps', 'diagnostics'] as const;

/** A workload id. */
export type Workload = (typeof WORKLOADS)[number];

/** What `--workloads` names mean. */
export const WORKLOAD_HELP: Record<Workload, string> = {
  construction: 'new ToolSearchProcessor({ tools }) against catalog size, both families',
  heap: 'heap per tool of both processors and of the kernel index, both families',
  search: 'search_tools p50/p99 through the meta-tool, and the scorers alone with the postings kernel, both families',
  resolved: 'includeResolvedTools steps: same objects, new objects with the same content, one tool changed, never searching (MetaTool-like)',
  context: "storage 'context' steps over long histories with 10 loaded tools, unchanged and one message appended",
  threads: 'heap per thread of the in-memory store',
  steps: 'processInputStep with 0, 10 and 100 loaded tools, both storages, real MetaTool catalog',
  diagnostics: 'where our construction time goes (word analysis)',
};

/** Parsed options. */
export interface BenchArgs {
  /** Small sizes and few samples: a smoke run. */
  quick: boolean;
  /** Workloads to run. */
  workloads: readonly Workload[];
  /** Catalog sizes. */
  sizes: readonly number[];
  /** Catalog families. */
  families: readonly FamilyId[];
  /** History lengths of the context workload. */
  histories: readonly number[];
  /** Threads of the heap-per-thread workload. */
  threads: number;
  /** Whether to write `docs/benchmarks.md` and the charts. */
  write: boolean;
  /** Whether this is the full default run (no option narrowed it). */
  full: boolean;
  /** Also write the run's figures (every sample) as JSON to this file. */
  save?: string;
  /** Measure nothing: render the document from figures saved with `--save`. */
  render?: string;
}

/** The usage text. */
export const USAGE = [
  'Usage: npm run bench -- [options]      (= npx tsx test/bench/perf.ts [options])',
  '',
  '  --quick                 smoke run: sizes 100 and 1000, history 1000, 1000 threads, few samples',
  `  --workloads=a,b         run only these (default all): ${WORKLOADS.join(', ')}`,
  '  --sizes=100,1000        catalog sizes (default 100,1000,10000,100000)',
  `  --families=a,b          catalog families (default ${FAMILY_IDS.join(',')})`,
  '  --histories=1000,10000  history lengths of the context workload (default 1000,10000,100000)',
  '  --threads=N             threads of the heap-per-thread workload (default 10000)',
  '  --write / --no-write    write docs/benchmarks.md and docs/benchmarks/*.svg (default: only for a full run)',
  '  --save=FILE             also write every figure and sample of the run as JSON',
  '  --render=FILE           measure nothing: write the document and charts from a --save file (with --write)',
  '  --help                  this text',
  '',
  'Workloads:',
  ...WORKLOADS.map((w) => `  ${w.padEnd(13)} ${WORKLOAD_HELP[w]}`),
].join('\n');

function list(value: string, name: string): string[] {
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new Error(`${name} needs a comma-separated list, e.g. ${name}=100,1000`);
  return items;
}

/** The names of `value` that are among `allowed`, in `allowed`'s order; throws on an unknown one. */
function choose<T extends string>(value: string, name: string, allowed: readonly T[]): T[] {
  const names = list(value, name);
  const unknown = names.filter((n) => !(allowed as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')}; choose from ${allowed.join(', ')}`);
  return allowed.filter((a) => names.includes(a));
}

function numbers(value: string, name: string): number[] {
  return list(value, name).map((s) => {
    const n = Number(s.replace(/_/g, '').replace(/k$/i, '000'));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: "${s}" is not a positive whole number (write 1000 or 1k)`);
    return n;
  });
}

/**
 * Parses the command line.
 *
 * @throws an error naming the bad option and how to write it
 */
export function parseArgs(argv: readonly string[]): BenchArgs | 'help' {
  const quick = argv.includes('--quick');
  const out: BenchArgs = {
    quick,
    workloads: WORKLOADS,
    sizes: quick ? [100, 1_000] : [100, 1_000, 10_000, 100_000],
    families: FAMILY_IDS,
    histories: quick ? [1_000] : [1_000, 10_000, 100_000],
    threads: quick ? 1_000 : 10_000,
    write: false,
    full: !quick,
  };
  let write: boolean | undefined;
  for (const arg of argv) {
    const [flag, value] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const need = () => {
      if (value === undefined) throw new Error(`${flag} needs a value: ${flag}=…`);
      out.full = false;
      return value;
    };
    switch (flag) {
      case '--quick':
        break;
      case '--help':
      case '-h':
        return 'help';
      case '--write':
        write = true;
        break;
      case '--no-write':
        write = false;
        break;
      case '--workloads':
        out.workloads = choose(need(), flag, WORKLOADS);
        break;
      case '--families':
        out.families = choose(need(), flag, FAMILY_IDS);
        break;
      case '--save':
      case '--render':
        if (value === undefined || value === '') throw new Error(`${flag} needs a file: ${flag}=/tmp/bench.json`);
        out[flag === '--save' ? 'save' : 'render'] = value;
        break;
      case '--sizes':
        out.sizes = [...new Set(numbers(need(), flag))].sort((a, b) => a - b);
        break;
      case '--histories':
        out.histories = [...new Set(numbers(need(), flag))].sort((a, b) => a - b);
        break;
      case '--threads':
        out.threads = numbers(need(), flag)[0]!;
        break;
      default:
        throw new Error(`unknown option ${arg}\n\n${USAGE}`);
    }
  }
  out.write = write ?? (out.full && out.render === undefined);
  return out;
}
