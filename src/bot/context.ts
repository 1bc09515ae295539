import type { Language } from '../i18n/index';
import type { Interaction, MessageComponentInteraction, MessageEditOptions } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { Logger } from '../logger';
import type { ServiceGate } from '../service/index';
import type { Renderer } from '../workers/render-pool';
import type { RecentClicks } from './recent-clicks';
import type { UserLimits } from './user-limits';
import type { ToolRunner } from '../workers/computer-pool';

/** What every command and component handler may use. */
export interface BotContext {
  service: ServiceGate;
  renderer: Renderer;
  /** Runs the games' tool commands (worker threads: never the main thread's time). */
  tools: ToolRunner;
  logger: Logger;
  /**
   * Answers the click that just moved a game with its redrawn board (see BoardPublisher.answerMoveWith);
   * `drawnVersion`: the version of the board whose control was clicked.
   */
  answerMoveWith(gameId: string, interaction: MessageComponentInteraction, drawnVersion?: number): void;
  /**
   * Answers a stale click on the game's board message, which itself shows an older version than the game, by
   * redrawing that board at the current version (see BoardPublisher.refreshFor); false when it is not the board.
   */
  refreshBoardFor(gameId: string, interaction: MessageComponentInteraction): Promise<boolean>;
  /**
   * Notes a private reply to the interaction's user in its channel (it sits below the live board, which is then
   * posted again at the bottom at the next move). Returns the function that takes the note back.
   */
  notePrivateReply(interaction: Interaction): () => void;
  /** Why the game's board cannot be posted in its channel now ("I am missing …") in `language`, or null. */
  postingPaused(gameId: string, language: Language): string | null;
  /**
   * Edits a game's message through a live interaction token that reaches it (outside the global rate limit):
   * false when none does (edit it through the channel).
   */
  editThroughToken(gameId: string, messageId: string, payload: MessageEditOptions): Promise<boolean>;
  /** The computer level of new lobbies: the configured one when the game has it, else the game's default. */
  defaultComputerLevel(module: AnyGameModule): string;
  /** The per-user limits (commands and clicks are checked where they enter; simulations by the tools). */
  limits: UserLimits;
  /** The board versions players just clicked a move on (a repeated click is absorbed silently). */
  recentClicks: RecentClicks;
}
