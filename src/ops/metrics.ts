/**
 * The bot's figures in Prometheus' text format (prom-client): what the interactions do and how fast, the boards
 * in front of movers, the games open, the outbox, Discord's rate limits, the worker queues, and the process
 * itself (memory, CPU, event-loop delay: prom-client's default metrics).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type InteractionKind = 'command' | 'autocomplete' | 'component' | 'modal' | 'other';
/** ok: answered; refused: a private refusal (a player's mistake or a rule); failed: an error on our side. */
export type InteractionOutcome = 'ok' | 'refused' | 'failed';

/** What the metrics read when they are scraped (each a cheap, indexed query or an in-memory count). */
export interface MetricSources {
  openGames(): Promise<{ gameKey: string; status: string; count: number }[]>;
  outboxDepth(): Promise<number>;
  /** Requests waiting or in flight per worker pool ("render", "computer"). */
  workerQueues(): Record<string, number>;
  /** Games whose due turn and lobbies whose expiry are late by OVERDUE_METRIC_MS or more (in memory). */
  overdueGames?(olderThanMs: number): { turns: number; lobbies: number };
}

/** The lateness from which a game counts in hare_games_overdue (a due turn is normally played within ms). */
export const OVERDUE_METRIC_MS = 10_000;

const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];

export class BotMetrics {
  readonly registry = new Registry();
  readonly interactions: Counter<'kind' | 'outcome'>;
  readonly responseSeconds: Histogram<'kind'>;
  readonly moveToBoardSeconds: Histogram;
  readonly rateLimited: Counter<'scope'>;
  readonly gatewayEvents: Counter<'event'>;

  constructor(sources: MetricSources | null = null) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'hare_' });
    this.interactions = new Counter({
      name: 'hare_interactions_total',
      help: 'Interactions received, by kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.responseSeconds = new Histogram({
      name: 'hare_interaction_response_seconds',
      help: "From an interaction's creation to the bot's first response (Discord allows 3 s)",
      labelNames: ['kind'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.moveToBoardSeconds = new Histogram({
      name: 'hare_move_to_board_seconds',
      help: "From a move's click to the new board in front of the mover",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'hare_rest_rate_limited_total',
      help: "Discord's 429 answers and requests held back by a rate limit, by scope",
      labelNames: ['scope'],
      registers,
    });
    this.gatewayEvents = new Counter({
      name: 'hare_gateway_events_total',
      help: 'Gateway disconnects, reconnects, resumes and errors',
      labelNames: ['event'],
      registers,
    });
    if (sources) this.addSourceGauges(sources, registers);
  }

  private addSourceGauges(sources: MetricSources, registers: Registry[]): void {
    new Gauge({
      name: 'hare_games_open',
      help: 'Games open (lobby or active), by game',
      labelNames: ['game', 'status'],
      registers,
      async collect() {
        const rows = await sources.openGames();
        this.reset();
        for (const row of rows) this.set({ game: row.gameKey, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'hare_outbox_depth',
      help: 'Messages in flight or to delete (the outbox); a growing figure means Discord refuses the bot',
      registers,
      async collect() {
        this.set(await sources.outboxDepth());
      },
    });
    new Gauge({
      name: 'hare_worker_queue_length',
      help: 'Requests waiting or in flight in each worker pool',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, length] of Object.entries(sources.workerQueues())) this.set({ pool }, length);
      },
    });
    const overdueGames = sources.overdueGames?.bind(sources);
    if (overdueGames)
      new Gauge({
        name: 'hare_games_overdue',
        help: `Running games (kind "turn") and lobbies (kind "lobby") whose timed work is ${OVERDUE_METRIC_MS / 1000} s or more late; above 0 for long means games do not move`,
        labelNames: ['kind'],
        registers,
        collect() {
          const { turns, lobbies } = overdueGames(OVERDUE_METRIC_MS);
          this.set({ kind: 'turn' }, turns);
          this.set({ kind: 'lobby' }, lobbies);
        },
      });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
