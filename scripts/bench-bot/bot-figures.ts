/**
 * The bot process's own figures during a scenario: its peak resident memory (sampled; worker threads included,
 * they live in the process) and its main thread's event-loop delay.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const SAMPLE_EVERY_MS = 100;
const MB = 1024 * 1024;

export interface Figures {
  peakRssMb: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

export class BotFigures {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private peakRss = 0;
  private sampler: ReturnType<typeof setInterval> | null = null;

  start(): void {
    this.delay.reset();
    this.delay.enable();
    this.peakRss = process.memoryUsage.rss();
    this.sampler = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  /** The resident memory now, in MB (and counted towards the peak). */
  rssMb(): number {
    return this.sample() / MB;
  }

  stop(): Figures {
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
    this.sample();
    this.delay.disable();
    return {
      peakRssMb: this.peakRss / MB,
      delayP99Ms: this.delay.percentile(99) / 1e6,
      delayMaxMs: this.delay.max / 1e6,
    };
  }

  private sample(): number {
    const rss = process.memoryUsage.rss();
    this.peakRss = Math.max(this.peakRss, rss);
    return rss;
  }
}
