/** The lobby's message: its seats, options and buttons, and the same message once the lobby is closed. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { formatNumber } from '../games/draw/image-words';
import { messageWords, type Language, type Translate } from '../i18n/index';
import type { GameInfo, SeatRecord } from '../service/index';
import type { Row } from './controls';
import { encodeComponentId, type LobbyButton } from './custom-ids';
import { lobbyFairnessField } from './fairness-views';
import { gameTitle, languageOf, levelName, seatNoun } from './game-words';
import {
  capitalised,
  DEFAULT_COLOR,
  footerParts,
  GREY,
  heading,
  optionsSummary,
  type MessagePayload,
} from './message-parts';

/** A computer's name carries its level ("Steady 1"), or the game has a single level: it is shown once. */
function seatLine(seat: SeatRecord): string {
  const who = seat.kind === 'human' && !seat.left ? `<@${seat.userId}>` : `🤖 ${seat.name}`;
  return `${seat.index + 1}. ${who}`;
}

/** The levels of the lobby's computers, and of the computers that fill its free seats, each explained once. */
function computerLevelsText(module: AnyGameModule, game: GameInfo, language: Language): string {
  const used = new Set([game.options.computerLevel, ...game.seats.map((seat) => seat.level)]);
  return module.computer.levels
    .filter((level) => used.has(level))
    .map((level) => `• ${capitalised(module.texts.levelDescription(level, language))}`)
    .join('\n');
}

/** "a computer", "an intermediate computer" (in the game's language), for a lobby's free seat. */
function freeComputer(module: AnyGameModule, game: GameInfo, t: Translate, language: Language): string {
  // A game with a single level gives it no name players meet ("Computer 1"): "a computer" says enough.
  if (module.computer.levels.length <= 1) return t('lobby.aComputer');
  const level = game.options.computerLevel;
  const key = /^[aeiou]/i.test(level) ? 'lobby.levelComputerVowel' : 'lobby.levelComputer';
  return t(key, { level: levelName(module, level, language) });
}

export function lobbyPayload(module: AnyGameModule, game: GameInfo): MessagePayload {
  const language = languageOf(game);
  const t = messageWords(language);
  const free = game.options.seats - game.seats.length;
  const seatLines = game.seats.map(seatLine);
  const computer = freeComputer(module, game, t, language);
  for (let i = 0; i < free; i++)
    seatLines.push(`${game.seats.length + i + 1}. *${t('lobby.free', { computer })}*`);
  const seats = game.options.seats;
  const parts = [
    t('lobby.host', { host: `<@${game.hostId}>` }),
    optionsSummary(module, game, language),
    t('lobby.seats', { count: formatNumber(seats, language), noun: seatNoun(module, language, seats !== 1) }),
    t('lobby.speed', { speed: t(`lobby.speeds.${game.options.speed}`) }),
    game.options.turnLimit === null
      ? ''
      : t('lobby.turnLimit', { limit: formatNumber(game.options.turnLimit, language) }),
  ].filter((part) => part !== '');
  const title = gameTitle(module, language);
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(heading(module, t('lobby.title', { title })))
    .setDescription(parts.join(' · '))
    .addFields(
      { name: capitalised(seatNoun(module, language, true)), value: seatLines.join('\n') },
      { name: t('lobby.computers'), value: computerLevelsText(module, game, language) },
    )
    .setFooter({ text: footerParts(t('game', { id: game.id }), t('lobby.footer')) });
  const fairness = lobbyFairnessField(module, game);
  if (fairness) embed.addFields(fairness);
  const button = (id: LobbyButton, label: string, style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeComponentId({ gameKey: module.key, kind: 'lobby', button: id, gameId: game.id }))
      .setLabel(label)
      .setStyle(style);
  const hasComputer = game.seats.some((seat) => seat.kind === 'computer');
  // Join stays pressable when the lobby is full: a player takes a computer's seat, or is told why not.
  const players: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('join', t('lobby.buttons.join'), ButtonStyle.Primary),
    button('leave', t('lobby.buttons.leave'), ButtonStyle.Secondary),
    button('start', t('lobby.buttons.start'), ButtonStyle.Success),
    button('cancel', t('lobby.buttons.cancel'), ButtonStyle.Danger),
  );
  const computers: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    button('add-computer', t('lobby.buttons.addComputer'), ButtonStyle.Secondary).setDisabled(free <= 0),
    button('remove-computer', t('lobby.buttons.removeComputer'), ButtonStyle.Secondary).setDisabled(
      !hasComputer,
    ),
  );
  return { embeds: [embed], components: [players, computers] };
}

export function closedLobbyPayload(module: AnyGameModule, game: GameInfo, text: string): MessagePayload {
  const language = languageOf(game);
  return {
    embeds: [
      new EmbedBuilder()
        .setColor(GREY)
        .setTitle(heading(module, gameTitle(module, language)))
        .setDescription(text)
        .setFooter({ text: messageWords(language)('game', { id: game.id }) }),
    ],
    components: [],
  };
}
