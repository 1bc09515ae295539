/**
 * A play command (`/hare move square:12`) turned into the game's action, or refused in the platform's words:
 * the caller's seat and turn are checked first, then every option against its spec, then the game's toAction.
 */
import type { AnyGameModule, CommandValues, OptionSpec, PlayCommand } from '../games/contract';
import { commandWords } from '../games/index';
import { optionProblem } from '../games/options';
import { DEFAULT_LANGUAGE, replyWords, type Language } from '../i18n/index';
import { seatView, sentence, type GameInfo, type PublicView, type SeatRecord } from '../service/index';
import { sentenceRefusal, UserFacingError, userRefusal } from './respond';

/** The values of a command's options as Discord gave them (missing ones absent or null). */
export type GivenValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type RunningGame = GameInfo & { state: PublicView };

export function ownSeat(game: GameInfo, userId: string): SeatRecord | undefined {
  return game.seats.find((seat) => seat.kind === 'human' && seat.userId === userId && !seat.left);
}

/** The values given for `specs`, each checked against its spec (a forged value is refused). */
export function checkedValues(
  specs: readonly OptionSpec[],
  given: GivenValues,
  language: Language = DEFAULT_LANGUAGE,
  command?: { module: AnyGameModule; subcommand: string },
): CommandValues {
  const words = command && commandWords(command.module, language)?.subcommands[command.subcommand];
  const values: Record<string, string | number | boolean | undefined> = {};
  for (const spec of specs) {
    const raw = given[spec.name];
    if (raw === undefined || raw === null) continue;
    const problem = optionProblem(spec, raw, language, words?.options[spec.name]?.name ?? spec.name);
    if (problem) {
      const english = optionProblem(spec, raw) ?? problem;
      throw new UserFacingError(
        replyWords('en')('option.refused', { problem: english.slice(0, 200) }),
        'option.refused',
        { problem: problem.slice(0, 200) },
      );
    }
    values[spec.name] = raw;
  }
  return values;
}

/** What a text option's hint suggestion carries: no game's choice is a lone dash. */
const HINT_TEXT = '-';

/**
 * The value a suggestion that is only a hint ("Nothing matches") carries for `spec`: one Discord's client will
 * send (an integer in the option's range) that is none of the `playable` values, so that picking it is refused as
 * no choice; null when every value in range is playable (then no hint can be told from a move).
 */
export function hintValue(
  spec: OptionSpec | undefined,
  playable: readonly (string | number)[],
): string | number | null {
  if (spec?.type !== 'integer') return HINT_TEXT;
  for (let value = spec.min; value <= spec.max; value++) if (!playable.includes(value)) return value;
  return null;
}

/** The values the caller may choose for each option with suggestions: the game's suggestions for nothing typed. */
function playableValues(
  play: PlayCommand<unknown, unknown>,
  spec: OptionSpec,
  view: unknown,
  seat: number,
  language: Language,
): (string | number)[] {
  return (play.autocomplete?.(spec.name, '', view, seat, language) ?? []).map((choice) => choice.value);
}

/**
 * A hint picked from the suggestions, or the value it carries typed in, while the caller has choices: refused as
 * no choice, pointing to the caller's hand (a game's own refusal would read the hint's value as a move).
 */
function refuseHints(
  module: AnyGameModule,
  play: PlayCommand<unknown, unknown>,
  given: GivenValues,
  view: unknown,
  seat: number,
  language: Language,
): void {
  for (const spec of play.options) {
    const value = given[spec.name];
    if (spec.type === 'string' || !spec.autocomplete || value === undefined || value === null) continue;
    const playable = playableValues(play, spec, view, seat, language);
    if (playable.length === 0 || playable.includes(value as string | number)) continue;
    if (value === hintValue(spec, playable)) throw noChoiceRefusal(module);
  }
}

/** "That is not one of your choices … see /hare hand", with the command's name in each reader's language. */
export function noChoiceRefusal(module: AnyGameModule): UserFacingError {
  return userRefusal('option.noChoice', (language) => {
    const words = commandWords(module, language);
    return { game: words?.name ?? module.key, command: words?.subcommands['hand']?.name ?? 'hand' };
  });
}

function isRefusal(value: unknown): value is { error: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
  );
}

/**
 * A required option left out (Discord asks for it, a forged or typed-in command may not) that the game did not
 * refuse itself: refused by name.
 */
function requireOptions(
  module: AnyGameModule,
  play: PlayCommand<unknown, unknown>,
  given: GivenValues,
): void {
  for (const spec of play.options) {
    const value = given[spec.name];
    if (spec.required && (value === undefined || value === null || value === '')) {
      throw userRefusal('option.missing', (language) => {
        const words = commandWords(module, language);
        const sub = words?.subcommands[play.name];
        return {
          name: sub?.options[spec.name]?.name ?? spec.name,
          game: words?.name ?? module.key,
          command: sub?.name ?? play.name,
        };
      });
    }
  }
}

/**
 * The action `userId` asks for with `play`, or a UserFacingError: a caller without a seat, or out of turn, is
 * told so in the platform's words before the game reads the options; the game's own refusal is one sentence.
 */
export function playCommandAction(
  module: AnyGameModule,
  play: PlayCommand<unknown, unknown>,
  game: RunningGame,
  userId: string,
  given: GivenValues,
  language: Language = DEFAULT_LANGUAGE,
): unknown {
  const seat = ownSeat(game, userId);
  if (!seat) throw sentenceRefusal('refusal.notSeated');
  const current = module.rules.currentSeat(game.state);
  if (current !== null && current !== seat.index)
    throw sentenceRefusal('refusal.notYourTurn', { player: seatName(game, current) });
  const view = seatView(game.state, seat.index);
  refuseHints(module, play, given, view, seat.index, language);
  const values = checkedValues(play.options, given, language, { module, subcommand: play.name });
  const action = play.toAction(values, view, seat.index, language);
  // The game's own words for a missing option come first (they can say what to choose); a game that reads a
  // missing value as something else is refused in the platform's words, never with its reading (no "NaN").
  if (isRefusal(action)) throw new UserFacingError(sentence(action.error));
  requireOptions(module, play, given);
  return action;
}

function seatName(game: GameInfo, seat: number): string {
  return game.seats[seat]?.name ?? `seat ${seat + 1}`;
}
