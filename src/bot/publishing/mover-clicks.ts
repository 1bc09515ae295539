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
  /** A flush drawing or sending the board of `version`: a mover's board waits for it (the two must not cross). */
  private boardStage: { done: Promise<void>; version: number } | null = null;
  /** The newest game version a click has been answered with (its answer may still be on its way). */
  private newestAnswer = -1;

  constructor(private readonly options: MoverClicksOptions) {}

  /** Whether a click waits for its answer. */
  get hasClick(): boolean {
    return this.waiting !== null;
  }

  /** Whether clicks are being answered outside a flush. */
  get busy(): boolean {
    return this.answering !== null;
  }

  /**
   * A new click on the game, on the board of `drawnVersion` when it was a move's control: the one before it (if
   * still waiting) is answered with a deferral.
   */
  register(interaction: MessageComponentInteraction, drawnVersion: number | null = null): void {
    this.release();
    this.waiting = new MoverAnswer(
      interaction,
      {
        logger: this.options.logger,
        clock: this.options.clock,
        ...(this.options.safetyMs !== undefined ? { safetyMs: this.options.safetyMs } : {}),
        ...(this.options.upload ? { upload: this.options.upload } : {}),
        onSafetyPoint: (answer) => void this.defer(answer),
      },
      drawnVersion,
    );
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
   * Answers the waiting click (only `only`, when given) with the board of `version`, when the click was on the
   * board message `boardMessageId`. Returns whether the board reached it; when not, the board goes by an edit.
   */
  async showBoard(
    boardMessageId: string,
    edit: MessagePayload,
    version: number,
    only?: MoverAnswer | null,
  ): Promise<boolean> {
    const mover = this.claim(boardMessageId, only);
    if (!mover) return false;
    this.newestAnswer = Math.max(this.newestAnswer, version);
    return await mover.showBoard(edit);
  }

  /** Whether a click was answered (or is being answered) with a board newer than `version`. */
  overtaken(version: number): boolean {
    return this.newestAnswer > version;
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

  /** Runs a flush's board stage, drawing the board of `version`; answers queued meanwhile wait for it. */
  async drawBoard(stage: Promise<void>, version: number): Promise<void> {
    const running = { done: stage, version };
    this.boardStage = running;
    try {
      await stage;
    } finally {
      if (this.boardStage === running) this.boardStage = null;
    }
  }

  /**
   * Resolves once the flush's board (if one is being drawn) is out, whether or not it failed. A click on a
   * control of that very board does not wait: Discord shows the board already, so the click's answer, sent
   * now, cannot arrive before it (only the flush's reply is still on its way).
   */
  boardOut(): Promise<void> | undefined {
    const stage = this.boardStage;
    if (!stage || this.waiting?.drawnVersion === stage.version) return undefined;
    return stage.done.catch(() => undefined);
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
