/**
 * The named checks a command or a click passes before it acts, each refusing in the same words wherever it is
 * asked (as Sapphire's preconditions): where it comes from (own message, private message, a server), the game
 * it names (running here, open lobby, finished here), who asks (seated, the mover) and the per-user limits.
 * The service checks the rest (a host's rights, seats, versions) and refuses in its own words.
 */
import { MessageFlags, type MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { GameInfo, PublicView } from '../service/index';
import type { BotContext } from './context';
import type { ComponentId } from './custom-ids';
import { sentenceRefusal, userRefusal } from './respond';

export type RunningGameInfo = GameInfo & { state: PublicView };
type Seat = GameInfo['seats'][number];

/**
 * A lobby or board control must come from its game's own message in the game's own channel: a forged id
 * copied into another channel or message cannot act on a game.
 */
async function requireOwnMessage(
  context: BotContext,
  interaction: MessageComponentInteraction,
  gameKey: string,
  gameId: string,
): Promise<void> {
  const game = await context.service.getGame(gameId);
  if (!game) return;
  if (game.gameKey !== gameKey || game.channelId !== interaction.channelId)
    throw userRefusal('bot.notThisChannel');
  if (game.boardMessageId !== null && game.boardMessageId !== interaction.message.id)
    throw userRefusal('bot.notTheBoard');
}

/**
 * A control that redraws or plays from a private reply is honoured only on a private message: the same id
 * forged onto a game's board would turn the board into a replay, or play from the board as if in private.
 * `refusal`: a replay or history button, or a private control.
 */
function requirePrivateMessage(
  interaction: MessageComponentInteraction,
  refusal: 'bot.privateButton' | 'bot.privateControl',
): void {
  if (!interaction.message.flags.has(MessageFlags.Ephemeral)) throw userRefusal(refusal);
}

/**
 * Where a click must come from, by its kind, checked once before it is routed: a game's controls from the
 * game's own message, a replay's or history's buttons and the private controls from a private reply. The others
 * (a finished game's buttons, the history's menu, My hand) are checked against the game they name.
 */
export async function requireClickOrigin(
  context: BotContext,
  interaction: MessageComponentInteraction,
  id: ComponentId,
): Promise<void> {
  switch (id.kind) {
    case 'lobby':
    case 'act':
    case 'select':
    case 'choose':
      return requireOwnMessage(context, interaction, id.gameKey, id.gameId);
    case 'replay':
    case 'history':
      return requirePrivateMessage(interaction, 'bot.privateButton');
    case 'private-act':
    case 'private-select':
      return requirePrivateMessage(interaction, 'bot.privateControl');
    case 'finished':
    case 'history-pick':
    case 'hand':
      return;
  }
}

/** The running game a click names, when it is of this module and in the clicked channel. */
export async function requireRunningGameHere(
  context: BotContext,
  interaction: MessageComponentInteraction,
  module: AnyGameModule,
  gameId: string,
): Promise<RunningGameInfo> {
  const game = await context.service.getGame(gameId);
  if (!game || game.gameKey !== module.key || game.channelId !== interaction.channelId)
    throw userRefusal('bot.notThisChannel');
  if (game.status !== 'active' || game.state === null) throw userRefusal('bot.gameIsOver');
  return game as RunningGameInfo;
}

/** The game named, while it is still a lobby. */
export async function requireOpenLobby(context: BotContext, gameId: string): Promise<GameInfo> {
  const game = await context.service.getGame(gameId);
  if (!game) throw userRefusal('bot.gameGone');
  requireLobby(game);
  return game;
}

/** A game found by the channel (a command) that must still be a lobby. */
export function requireLobby(game: GameInfo): void {
  if (game.status !== 'lobby') throw userRefusal('bot.lobbyClosed');
}

/** A finished game of this module in the asker's server (its summary, replay, rematch, history). */
export async function requireFinishedGameHere(
  context: BotContext,
  module: AnyGameModule,
  interaction: { guildId: string | null },
  gameId: string,
): Promise<GameInfo> {
  const game = await context.service.getGame(gameId);
  if (!game || game.gameKey !== module.key || game.guildId !== interaction.guildId)
    throw userRefusal('bot.notThisServer');
  if (game.status !== 'finished') throw userRefusal('bot.notOverYet');
  return game;
}

/**
 * The server a command is used in (not a direct message); `refusal` says what is per server: games in general,
 * the history, or the stats and leaderboard.
 */
export function requireServer(
  interaction: { guildId: string | null },
  refusal: 'bot.serverChannels' | 'bot.gamesPerServer' | 'bot.statsPerServer',
): string {
  if (!interaction.guildId) throw userRefusal(refusal);
  return interaction.guildId;
}

/** The asker's seat in the game, one they have not left (the service's words for a watcher). */
export function requireSeat(game: GameInfo, userId: string): Seat {
  const seat = game.seats.find(
    (candidate) => candidate.kind === 'human' && candidate.userId === userId && !candidate.left,
  );
  if (!seat) throw sentenceRefusal('refusal.notSeated');
  return seat;
}

/** The asker's seat when it is the one to act (the same refusals as a move made by them otherwise). */
export function requireMover(module: AnyGameModule, game: RunningGameInfo, userId: string): Seat {
  const seat = requireSeat(game, userId);
  const current = module.rules.currentSeat(game.state);
  if (current !== seat.index) {
    // Nobody to play: the game has just ended.
    if (current === null) throw userRefusal('bot.gameIsOver');
    throw sentenceRefusal('refusal.notYourTurn', { player: game.seats[current]!.name });
  }
  return seat;
}

/** A simulation tool's allowance per user and minute (SIMULATIONS_PER_MINUTE); taken when it passes. */
export function requireSimulationAllowance(context: BotContext, userId: string): void {
  const refusal = context.limits.simulationRefusal(userId);
  if (refusal) throw refusal;
}
