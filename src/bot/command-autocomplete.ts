/** Suggestions while a play command's option is typed: the caller's legal choices, or why there are none. */
import type { AutocompleteInteraction } from 'discord.js';
import type { AnyGameModule, OptionSpec } from '../games/contract';
import { commandWords } from '../games/index';
import { seatView, sentence } from '../service/index';
import type { BotContext } from './context';
import { languageOfLocale, replyWords } from '../i18n/index';
import { hintValue, ownSeat } from './play-command';
import { tournamentAutocomplete } from './tournament';

/** A suggestion that is only a hint: its value is no choice of the caller's (and none when no value can be). */
const NOT_PLAYABLE = (
  text: string,
  spec: OptionSpec | undefined,
  playable: readonly (string | number)[] = [],
) => {
  const value = hintValue(spec, playable);
  return value === null ? [] : [{ name: text.slice(0, 100), value }];
};

/** Suggestions for a play command's option: the caller's legal choices, filtered by what was typed. */
export async function handleGameAutocomplete(
  module: AnyGameModule,
  interaction: AutocompleteInteraction,
  context: BotContext,
): Promise<void> {
  if (interaction.options.getSubcommand(false) === 'tournament')
    return tournamentAutocomplete(interaction, context, module);
  const t = replyWords(languageOfLocale(interaction.locale));
  const language = languageOfLocale(interaction.locale);
  const focused = interaction.options.getFocused(true);
  const typed = String(focused.value).trim();
  const play = module.commands.find((command) => command.name === interaction.options.getSubcommand(false));
  const spec = play?.options.find((option) => option.name === focused.name);
  const game = interaction.channelId
    ? await context.service.findActiveGameInChannel(interaction.channelId)
    : null;
  const choices = (() => {
    if (!play?.autocomplete) return NOT_PLAYABLE(t('suggest.none'), spec);
    if (!game || game.gameKey !== module.key || game.status !== 'active' || game.state === null)
      return NOT_PLAYABLE(t('suggest.noGame'), spec);
    const seat = ownSeat(game, interaction.user.id);
    if (!seat) return NOT_PLAYABLE(sentence(t('refusal.notSeated')), spec);
    const current = module.rules.currentSeat(game.state);
    if (current !== seat.index) {
      const player = game.seats[current ?? -1]?.name ?? t('bot.anotherPlayer');
      return NOT_PLAYABLE(sentence(t('refusal.notYourTurn', { player })), spec);
    }
    const view = seatView(game.state, seat.index);
    const found = play.autocomplete(focused.name, typed, view, seat.index, language);
    if (found.length === 0) {
      const playable = play.autocomplete(focused.name, '', view, seat.index, language).map((c) => c.value);
      const words = commandWords(module, language);
      const game = words?.name ?? module.key;
      const hand = words?.subcommands['hand']?.name ?? 'hand';
      return NOT_PLAYABLE(t('suggest.nothingMatches', { game, hand }), spec, playable);
    }
    return found.slice(0, 25).map((choice) => ({ name: choice.name.slice(0, 100), value: choice.value }));
  })();
  try {
    await interaction.respond(choices);
  } catch (error) {
    context.logger.debug('autocomplete answer failed', error instanceof Error ? error.message : error);
  }
}
