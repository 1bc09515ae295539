/**
 * The click of a player's own move, per game: it waits to be answered with the redrawn board (see MoverAnswer),
 * and every click gets exactly one answer. A newer click releases the one before it (with a deferral); the
 * flush that draws a click's move answers it, or releases it when it could not; clicks that come while a
 * flush is busy are answered in turn, each with the board of its own move, once the flush's board is out.
 */
import type { MessageComponentInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import type { Clock } from '../../service/index';
import { MoverAnswer, type MoverAnswerOptions } from './mover-answer';
import type { MessagePayload } from '../views';

export interface MoverClicksOptions {
  logger: Logger;
  clock: Clock;
  /** The safety point of each answer (default: MoverAnswer's). */
  safetyMs?: number;
  /** Sends the board as a click's update response (default: MoverAnswer's). */
  upload?: MoverAnswerOptions['upload'];
}

export class MoverClicks {
  /** The click waiting for its answer. */
  private waiting: MoverAnswer | null = null;
  /** Answers to clicks that came while a flush was busy, chained one after another. */
  private answering: Promise<void> | null = null;
  /** A flush drawing or sending the board: a mover's own board waits for it, so the two cannot cross. */
  private boardStage: Promise<void> | null = null;

  constructor(private readonly options: MoverClicksOptions) {}

  /** Whether a click waits for its answer. */
  get hasClick(): boolean {
    return this.waiting !== null;
  }

  /** Whether clicks are being answered outside a flush. */
  get busy(): boolean {
    return this.answering !== null;
  }

  /** A new click on the game: the one before it (if still waiting) is answered with a deferral. */
  register(interaction: MessageComponentInteraction): void {
    this.release();
    this.waiting = new MoverAnswer(interaction, {
      logger: this.options.logger,
      clock: this.options.clock,
      ...(this.options.safetyMs !== undefined ? { safetyMs: this.options.safetyMs } : {}),
      ...(this.options.upload ? { upload: this.options.upload } : {}),
      onSafetyPoint: (answer) => void this.defer(answer),
    });
  }

  /** The click a flush that begins now draws the move of (a click that comes while it runs is not its). */
  current(): MoverAnswer | null {
    return this.waiting;
  }

  /** A flush ended: the click whose move it drew, if not answered with the board, is answered with a deferral. */
  flushEnded(drawn: MoverAnswer | null): void {
    if (drawn !== null && this.waiting === drawn) this.release();
  }

  /**
   * Answers the waiting click (only `only`, when given) with the board, when the click was on the board
   * message `boardMessageId`. Returns whether the board reached it; when not, the board goes by an edit.
   */
  async showBoard(boardMessageId: string, edit: MessagePayload, only?: MoverAnswer | null): Promise<boolean> {
    return (await this.claim(boardMessageId, only)?.showBoard(edit)) ?? false;
  }

  /** Answers the waiting click (only `only`, when given) with a deferral: its board comes by an edit. */
  async defer(only?: MoverAnswer | null): Promise<void> {
    await this.claim(undefined, only)?.defer();
  }

  /** Answers the waiting click with a deferral, without waiting for Discord. */
  release(): void {
    void this.defer();
  }

  /**
   * Answers after the clicks queued before: `answer` runs (when a click still waits then, or `always`) once they
   * are done; `done` is told when this one is.
   */
  queue(answer: () => Promise<void>, done: () => void, always = false): void {
    const answering: Promise<void> = (this.answering ?? Promise.resolve())
      .then(() => (always || this.waiting ? answer() : undefined))
      .finally(() => {
        if (this.answering === answering) this.answering = null;
        done();
      });
    this.answering = answering;
  }

  /** Resolves when the queued answers are done (a flush waits for them before it draws). */
  answered(): Promise<void> | null {
    return this.answering;
  }

  /** Runs a flush's board stage; answers queued meanwhile wait for it. */
  async drawBoard(stage: Promise<void>): Promise<void> {
    this.boardStage = stage;
    try {
      await stage;
    } finally {
      this.boardStage = null;
    }
  }

  /** Resolves once the flush's board (if one is being drawn) is out, whether or not it failed. */
  boardOut(): Promise<void> | undefined {
    return this.boardStage?.catch(() => undefined);
  }

  /** Takes the waiting click (only `only`, when given) to answer it: exactly one answer each. */
  private claim(boardMessageId?: string, only?: MoverAnswer | null): MoverAnswer | null {
    const mover = this.waiting;
    if (only !== undefined && (only === null || mover !== only)) return null;
    if (!mover || (boardMessageId !== undefined && mover.messageId !== boardMessageId)) return null;
    this.waiting = null;
    return mover;
  }
}
