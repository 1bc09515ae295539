import type { MessageComponentInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import { realClock, type Clock, type TimerHandle } from '../../service/index';
import { updateWithFiles } from './update-response';
import { answeredElsewhere } from '../answer-in-time';
import type { MessagePayload } from '../views';

/**
 * How long after a click was created its answer may still be only on its way: past this point a deferral goes
 * as insurance (Discord refuses a first answer that arrives after 3 s, and an upload under load can take a while).
 */
export const MOVER_SAFETY_MS = 2200;

export interface MoverAnswerOptions {
  logger: Logger;
  /** The safety point, counted from the interaction's creation (default MOVER_SAFETY_MS). */
  safetyMs?: number;
  /**
   * Told at the safety point when no board is on its way yet: the owner takes the click off its queue and
   * calls `defer()` (the board then comes by an ordinary edit).
   */
  onSafetyPoint: (answer: MoverAnswer) => void;
  /** The time and the safety timer (default: the real clock). */
  clock?: Clock;
  /** Sends the board as the click's update response (tests slow it down). */
  upload?: (interaction: MessageComponentInteraction, edit: MessagePayload) => Promise<void>;
}

/**
 * The one answer to the click of a player's own move: the redrawn board as an update response, or a deferral
 * when the board is late. An upload still under way at the safety point is insured by a deferral; if the
 * deferral reaches Discord first, the board is delivered by editing the original response (the message the
 * click was on). Discord takes one answer per click: whichever of the two arrives second is refused.
 */
export class MoverAnswer {
  private stage: 'waiting' | 'uploading' | 'answered' = 'waiting';
  /** The insuring deferral, once sent: whether Discord took it. */
  private insurance: Promise<boolean> | null = null;
  private readonly safetyAt: number;
  private readonly timer: TimerHandle;
  private readonly clock: Clock;

  constructor(
    readonly interaction: MessageComponentInteraction,
    private readonly options: MoverAnswerOptions,
    /** The game version of the board whose control was clicked, when the click was on a move's control. */
    readonly drawnVersion: number | null = null,
  ) {
    answeredElsewhere(interaction);
    const safetyMs = options.safetyMs ?? MOVER_SAFETY_MS;
    this.clock = options.clock ?? realClock;
    const now = this.clock.now();
    // Never later than the safety delay from now, whatever the clocks of Discord and this host say.
    this.safetyAt = Math.min(interaction.createdTimestamp + safetyMs, now + safetyMs);
    this.timer = this.clock.setTimeout(() => this.atSafetyPoint(), Math.max(0, this.safetyAt - now));
  }

  /** The message whose component was clicked. */
  get messageId(): string {
    return this.interaction.message.id;
  }

  /** Answers with a deferral, unless the click is already being answered (its board comes by an edit). */
  async defer(): Promise<void> {
    if (this.stage !== 'waiting') return;
    this.finish();
    await this.sendDeferral();
  }

  /**
   * Answers the click with the board. Returns whether the board reached the click's message; when it did not,
   * the click was still answered (deferred) if Discord allowed it, and the caller shows the board another way.
   */
  async showBoard(edit: MessagePayload): Promise<boolean> {
    if (this.stage !== 'waiting') return false;
    this.stage = 'uploading';
    try {
      // Past the safety point (the event loop was busy) an upload would likely be late: insure first.
      if (this.clock.now() >= this.safetyAt) this.insure();
      if (!this.insurance) {
        try {
          await (this.options.upload ?? updateWithFiles)(this.interaction, edit);
          return true;
        } catch (error) {
          this.options.logger.debug(
            `could not answer the click ${this.interaction.id} with the board`,
            error,
          );
          // Refused, too late, or overtaken by the insurance: make sure the click is answered.
          this.insure();
        }
      }
      if (!(await this.insurance)) return false;
      return await this.editOriginal(edit);
    } finally {
      this.finish();
    }
  }

  private atSafetyPoint(): void {
    if (this.stage === 'waiting') this.options.onSafetyPoint(this);
    else if (this.stage === 'uploading') this.insure();
  }

  private insure(): void {
    this.insurance ??= this.sendDeferral();
  }

  private async editOriginal(edit: MessagePayload): Promise<boolean> {
    try {
      await this.interaction.editReply(edit);
      return true;
    } catch (error) {
      this.options.logger.debug(`could not show the board of the click ${this.interaction.id}`, error);
      return false;
    }
  }

  private async sendDeferral(): Promise<boolean> {
    try {
      await this.interaction.deferUpdate();
      return true;
    } catch (error) {
      this.options.logger.debug(`could not defer the click ${this.interaction.id}`, error);
      return false;
    }
  }

  private finish(): void {
    this.stage = 'answered';
    this.clock.clearTimeout(this.timer);
  }
}
