/**
 * The progress line of a benchmark run, on stderr, and the machine load sampled while it runs.
 *
 * On a terminal one line is rewritten in place (stage k of N, what is measured, samples taken,
 * elapsed time, the 1-minute load average); elsewhere (a log file, CI) each stage prints one
 * line when it starts, and a long stage prints its sample count every 30 seconds.
 */
import os from 'node:os';

const tty = process.stderr.isTTY === true;

/** Load averages sampled during a run. */
export interface LoadSummary {
  /** 1/5/15-minute load averages at the start. */
  start: readonly number[];
  /** 1/5/15-minute load averages at the end. */
  end: readonly number[];
  /** Least, median and greatest 1-minute load average, sampled at most every 5 s. */
  min: number;
  median: number;
  max: number;
  /** How many samples. */
  samples: number;
}

/** Progress of one run. */
export class Progress {
  readonly #began = process.hrtime.bigint();
  readonly #load: number[] = [];
  readonly #startLoad = os.loadavg();
  #lastLoad = 0;
  #stage = 0;
  #label = '';
  #lastDraw = 0;
  #lastLine = 0;

  /** @param stages - how many stages the run has */
  constructor(readonly stages: number) {
    this.#load.push(this.#startLoad[0]!);
  }

  /**
   * Samples the load average at most every 5 s. Called from the run's own progress calls: a
   * timer would not fire while the measurement loop only awaits microtasks.
   */
  #sampleLoad(now: number): void {
    if (now - this.#lastLoad < 5) return;
    this.#lastLoad = now;
    this.#load.push(os.loadavg()[0]!);
  }

  /** Seconds since the run began. */
  get seconds(): number {
    return Number(process.hrtime.bigint() - this.#began) / 1e9;
  }

  #prefix(): string {
    return `[bench ${this.seconds.toFixed(0).padStart(4)} s ${String(this.#stage).padStart(String(this.stages).length)}/${this.stages}]`;
  }

  #write(line: string, final: boolean): void {
    if (tty) process.stderr.write(`\r\x1b[K${line}${final ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  }

  /** Starts the next stage. */
  stage(label: string): void {
    this.#stage += 1;
    this.#label = label;
    this.#lastLine = this.seconds;
    this.#sampleLoad(this.#lastLine);
    this.#write(`${this.#prefix()} ${label} · load ${os.loadavg()[0]!.toFixed(2)}`, false);
  }

  /** Reports samples taken within the stage (called by the timing loop). */
  tick(done: number, total: number): void {
    const now = this.seconds;
    this.#sampleLoad(now);
    if (tty) {
      if (now - this.#lastDraw < 0.1) return;
      this.#lastDraw = now;
      this.#write(`${this.#prefix()} ${this.#label} · ${done}/${total} samples · load ${os.loadavg()[0]!.toFixed(2)}`, false);
    } else if (now - this.#lastLine >= 30) {
      this.#lastLine = now;
      this.#write(`${this.#prefix()} … ${this.#label}: ${done}/${total} samples`, false);
    }
  }

  /** A message on a line of its own. */
  log(message: string): void {
    this.#write(`${this.#prefix()} ${message}`, true);
  }

  /** Stops sampling the load and summarises it. */
  finish(): LoadSummary {
    const end = os.loadavg();
    this.#load.push(end[0]!);
    const sorted = [...this.#load].sort((a, b) => a - b);
    if (tty) process.stderr.write('\n');
    return {
      start: this.#startLoad,
      end,
      min: sorted[0]!,
      median: sorted[Math.floor(sorted.length / 2)]!,
      max: sorted[sorted.length - 1]!,
      samples: sorted.length,
    };
  }
}
