/**
 * "Add computer" when programs of the server are connected to the arena (docs/players-protocol.md): the lobby
 * shows a menu of the built-in levels and the connected programs (🤖 name) under its buttons; the host's choice
 * seats it. The service checks everything again (host only, a free seat, the program still connected).
 */
import { ActionRowBuilder, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { messageWords } from '../i18n/index';
import type { GameInfo, ProgramRef } from '../service/index';
import type { Row } from './controls';
import { encodeComponentId } from './custom-ids';
import { languageOf, levelName } from './game-words';
import type { MessagePayload } from './views';

/** Discord's most options in one menu. */
const MAX_OPTIONS = 25;

export function withComputerPicker(
  payload: MessagePayload,
  module: AnyGameModule,
  game: GameInfo,
  programs: readonly ProgramRef[],
): MessagePayload {
  const language = languageOf(game);
  const levels = module.computer.levels.map((level) => {
    const name = levelName(module, level, language);
    return { label: `${name.charAt(0).toUpperCase()}${name.slice(1)}`, value: level };
  });
  const connected = programs.map((program) => ({
    label: `🤖 ${program.name}`,
    value: `program:${program.tokenId}`,
  }));
  const menu = new StringSelectMenuBuilder()
    .setCustomId(
      encodeComponentId({ gameKey: module.key, kind: 'lobby', button: 'pick-computer', gameId: game.id }),
    )
    .setPlaceholder(messageWords(language)('lobby.chooseComputer'))
    .addOptions([...levels, ...connected].slice(0, MAX_OPTIONS));
  const row: Row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu);
  return { ...payload, components: [...payload.components, row] };
}
