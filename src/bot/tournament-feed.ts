/** The one standings message of a tournament's thread, kept up to date without flooding Discord with edits. */
import type { Message } from 'discord.js';
import type { TournamentProgress } from '../service/tournament-progress';
import type { BotContext } from './context';
import { standingsPayload, type TournamentWords } from './tournament-views';

/** The standings message is edited at most this often (games of computers end every few moments). */
export const STANDINGS_EDIT_GAP_MS = 3000;

/**
 * The one standings message: the latest progress drawn at most every STANDINGS_EDIT_GAP_MS (a later one
 * replaces a waiting one), the final one once every earlier edit is done.
 */
export class StandingsFeed {
  private message: Message | null = null;
  private latest: TournamentProgress | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private editing: Promise<void> = Promise.resolve();
  private lastEdit = 0;

  constructor(
    private readonly words: TournamentWords,
    private readonly context: BotContext,
  ) {}

  async open(message: Message): Promise<void> {
    this.message = message;
    this.lastEdit = Date.now();
    if (this.latest) this.schedule();
  }

  offer(progress: TournamentProgress): void {
    this.latest = progress;
    if (this.message && !this.timer) this.schedule();
  }

  async finish(progress: TournamentProgress): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.latest = progress;
    await this.editing;
    await sleep(Math.max(0, this.lastEdit + STANDINGS_EDIT_GAP_MS - Date.now()));
    await this.edit();
  }

  private schedule(): void {
    const wait = Math.max(0, this.lastEdit + STANDINGS_EDIT_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.editing = this.editing.then(() => this.edit());
    }, wait);
  }

  private async edit(): Promise<void> {
    const progress = this.latest;
    if (!progress || !this.message) return;
    this.latest = null;
    this.lastEdit = Date.now();
    try {
      await this.message.edit(standingsPayload(this.words, progress));
    } catch (error) {
      // The thread was deleted or archived: its games are cancelled with it, and the tournament stops.
      this.context.logger.debug(
        'could not edit the standings',
        error instanceof Error ? error.message : error,
      );
    }
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
