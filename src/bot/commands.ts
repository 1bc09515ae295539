import {
  PermissionFlagsBits,
  PermissionsBitField,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AiLevel } from '../games/hare/computer/index';
import { tortoiseBehind, type Action, type GameState, type RulesName } from '../games/hare/rules/index';
import type { GameRecord, GameSpeed, SeatRecord } from '../store/index';
import type { BotContext } from './context';
import { handText, moveTargets, rulesText } from './game-text';
import { answerSafely, replyPrivately, UserFacingError } from './respond';
import { closedLobbyPayload, leaderboardEmbed, lobbyPayload, privateBoardFile, statsEmbed } from './views';

const REQUIRED_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Attach Files', PermissionFlagsBits.AttachFiles],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
] as const;

type Subcommand = (interaction: ChatInputCommandInteraction, context: BotContext) => Promise<void>;

function channelGame(interaction: { channelId: string | null }, context: BotContext): GameRecord {
  const game = interaction.channelId ? context.service.findActiveGameInChannel(interaction.channelId) : null;
  if (!game) throw new UserFacingError('There is no game in this channel. Open one with `/hare start`.');
  return game;
}

type RunningGame = GameRecord & { state: GameState };

function runningGame(interaction: { channelId: string | null }, context: BotContext): RunningGame {
  const game = channelGame(interaction, context);
  if (game.status !== 'active' || !game.state) {
    throw new UserFacingError('The game in this channel has not started yet.');
  }
  return game as RunningGame;
}

function ownSeat(game: GameRecord, userId: string): SeatRecord | undefined {
  return game.seats.find((seat) => seat.kind === 'human' && seat.userId === userId && !seat.left);
}

function missingPermissions(interaction: ChatInputCommandInteraction): string[] {
  const granted = interaction.appPermissions ?? new PermissionsBitField();
  return REQUIRED_PERMISSIONS.filter(([, bit]) => !granted.has(bit)).map(([name]) => name);
}

const start: Subcommand = async (interaction, context) => {
  const missing = missingPermissions(interaction);
  if (missing.length > 0) {
    throw new UserFacingError(
      `I cannot run a game here: I am missing the permission${missing.length > 1 ? 's' : ''} **${missing.join(', ')}** in this channel. Ask a server admin to grant them.`,
    );
  }
  if (!interaction.guildId) throw new UserFacingError('Games are played in server channels.');
  const level =
    (interaction.options.getString('computer-level') as AiLevel | null) ?? context.defaultComputerLevel;
  const game = context.service.openLobby({
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: interaction.user.displayName },
    rules: (interaction.options.getString('rules') as RulesName | null) ?? 'standard',
    seats: interaction.options.getInteger('seats') ?? 4,
    computerLevel: level,
    speed: (interaction.options.getString('speed') as GameSpeed | null) ?? 'normal',
    turnLimit: interaction.options.getInteger('turn-limit'),
  });
  try {
    const response = await interaction.reply({ ...lobbyPayload(game, level), withResponse: true });
    const message = response.resource?.message;
    if (message) context.service.setBoardMessage(game.id, message.id, Date.now());
  } catch (error) {
    context.service.cancel(game.id, interaction.user.id, { moderator: true });
    throw error;
  }
};

async function act(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  action: Action,
): Promise<void> {
  const game = runningGame(interaction, context);
  const update = context.service.act(game.id, interaction.user.id, action, game.version);
  const lines = update.lines.length > 0 ? update.lines.map((l) => `• ${l}`).join('\n') : 'Done.';
  await replyPrivately(interaction, lines);
}

const move: Subcommand = (interaction, context) =>
  act(interaction, context, { type: 'move', to: interaction.options.getInteger('square', true) });

const back: Subcommand = async (interaction, context) => {
  const game = runningGame(interaction, context);
  const seat = ownSeat(game, interaction.user.id);
  const position = seat ? game.state.seats[seat.index]?.position : undefined;
  const tortoise = position === undefined ? null : tortoiseBehind(position);
  if (seat && tortoise === null) throw new UserFacingError('There is no tortoise square behind you.');
  await act(interaction, context, { type: 'move', to: tortoise ?? 0 });
};

const eat: Subcommand = (interaction, context) => act(interaction, context, { type: 'eat' });

const carrots: Subcommand = (interaction, context) =>
  act(interaction, context, {
    type: 'carrots',
    amount: interaction.options.getString('choice', true) === 'pay' ? -10 : 10,
  });

const status: Subcommand = async (interaction, context) => {
  const game = runningGame(interaction, context);
  const seat = ownSeat(game, interaction.user.id);
  const link = game.boardMessageId
    ? ` The live board: https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`
    : '';
  const acting = game.seats[game.state.current];
  await replyPrivately(interaction, {
    content: `Turn ${game.state.turn}: ${acting?.name ?? 'nobody'} to play.${link}`,
    files: [await privateBoardFile(game, game.state, seat?.index ?? -1, context.renderer)],
  });
};

const hand: Subcommand = async (interaction, context) => {
  const game = runningGame(interaction, context);
  const seat = ownSeat(game, interaction.user.id);
  if (!seat) throw new UserFacingError('You have no runner in this game.');
  await replyPrivately(interaction, {
    content: handText(game.state, seat.index),
    files: [await privateBoardFile(game, game.state, seat.index, context.renderer)],
  });
};

const log: Subcommand = async (interaction, context) => {
  const game = runningGame(interaction, context);
  const lines = context.service.history(game.id, 12).flatMap((entry) => entry.lines);
  await replyPrivately(
    interaction,
    lines.length > 0
      ? lines
          .slice(-20)
          .map((l) => `• ${l}`)
          .join('\n')
          .slice(-1900)
      : 'Nothing has happened yet.',
  );
};

const rules: Subcommand = async (interaction, context) => {
  const game = interaction.channelId ? context.service.findActiveGameInChannel(interaction.channelId) : null;
  await replyPrivately(interaction, rulesText(game?.rules ?? 'standard'));
};

const leave: Subcommand = async (interaction, context) => {
  const game = channelGame(interaction, context);
  if (game.status === 'lobby') {
    const updated = context.service.leave(game.id, interaction.user.id);
    await refreshLobby(interaction, context, updated);
    await replyPrivately(interaction, 'You left the lobby.');
    return;
  }
  context.service.leaveGame(game.id, interaction.user.id);
  await replyPrivately(
    interaction,
    `You left the game; a ${game.options.computerLevel} computer plays your runner from now on.`,
  );
};

async function refreshLobby(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  game: GameRecord,
): Promise<void> {
  if (!game.boardMessageId || !interaction.channel) return;
  const payload =
    game.status === 'lobby'
      ? lobbyPayload(game, game.options.computerLevel)
      : closedLobbyPayload(game, `Cancelled by <@${interaction.user.id}>.`);
  await interaction.channel.messages
    .edit(game.boardMessageId, payload)
    .catch((error: unknown) =>
      context.logger.debug('could not refresh the lobby', error instanceof Error ? error.message : error),
    );
}

const end: Subcommand = async (interaction, context) => {
  const game = channelGame(interaction, context);
  const moderator = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  if (game.status === 'lobby') {
    const cancelled = context.service.cancel(game.id, interaction.user.id, { moderator });
    await refreshLobby(interaction, context, cancelled);
    await replyPrivately(interaction, 'The lobby is cancelled.');
    return;
  }
  context.service.endGame(game.id, interaction.user.id, { moderator });
  await interaction.reply({
    content: `<@${interaction.user.id}> ended the game.`,
    allowedMentions: { parse: [] },
  });
};

const stats: Subcommand = async (interaction, context) => {
  if (!interaction.guildId) throw new UserFacingError('Statistics are kept per server.');
  const user = interaction.options.getUser('user') ?? interaction.user;
  const record = context.service.stats(interaction.guildId, user.id);
  await interaction.reply({ embeds: [statsEmbed(user.displayName, record)], allowedMentions: { parse: [] } });
};

const leaderboard: Subcommand = async (interaction, context) => {
  if (!interaction.guildId) throw new UserFacingError('Statistics are kept per server.');
  await interaction.reply({
    embeds: [leaderboardEmbed(context.service.leaderboard(interaction.guildId, 10))],
    allowedMentions: { parse: [] },
  });
};

const SUBCOMMANDS: Record<string, Subcommand> = {
  start,
  move,
  back,
  eat,
  carrots,
  status,
  hand,
  log,
  rules,
  leave,
  end,
  stats,
  leaderboard,
};

export async function handleHareCommand(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
): Promise<void> {
  await answerSafely(interaction, context.logger, async () => {
    const handler = SUBCOMMANDS[interaction.options.getSubcommand()];
    if (!handler) throw new UserFacingError('Unknown subcommand.');
    await handler(interaction, context);
  });
}

const NOT_PLAYABLE = (text: string) => [{ name: text.slice(0, 100), value: 0 }];

/** `/hare move` suggestions: the caller's legal targets with their cost, filtered by what was typed. */
export async function handleAutocomplete(
  interaction: AutocompleteInteraction,
  context: BotContext,
): Promise<void> {
  const typed = String(interaction.options.getFocused()).trim();
  const game = interaction.channelId ? context.service.findActiveGameInChannel(interaction.channelId) : null;
  const choices = (() => {
    if (!game || game.status !== 'active' || !game.state)
      return NOT_PLAYABLE('No game is running in this channel');
    const seat = ownSeat(game, interaction.user.id);
    if (!seat) return NOT_PLAYABLE('You have no runner in this game');
    if (game.state.current !== seat.index)
      return NOT_PLAYABLE(
        `Not your turn: ${game.seats[game.state.current]?.name ?? 'another runner'} is to play`,
      );
    const targets = moveTargets(game.state).filter(
      (t) => typed === '' || String(t.square).startsWith(typed) || t.label.includes(typed),
    );
    if (targets.length === 0) return NOT_PLAYABLE('No move matches; see /hare hand');
    return targets.slice(0, 25).map((t) => ({ name: t.label, value: t.square }));
  })();
  try {
    await interaction.respond(choices);
  } catch (error) {
    context.logger.debug('autocomplete answer failed', error instanceof Error ? error.message : error);
  }
}
