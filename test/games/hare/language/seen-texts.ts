/**
 * Everything a player can see of Hare & Tortoise in one language, from complete games of computer players:
 * the log lines (public, per seat, revealed), status, hands, image descriptions, titles, action labels,
 * figures, levels, options, rules, the controls, the commands' refusals and suggestions, the words the board
 * image draws, and the words the game gives the summary sheet.
 */
import type { Language } from '../../../../src/i18n/index';
import type { CommandValues, TextContext } from '../../../../src/games/contract';
import { hareModule } from '../../../../src/games/hare/index';
import { hareSummarySheet, renderBoard, type SeatDisplay } from '../../../../src/games/hare/render/index';
import {
  applyAction,
  createGame,
  forfeitTurn,
  legalActions,
  observeRace,
  seedRng,
  type GameEvent,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import { catchTexts } from '../render/drawn-texts';

/** Names that are no word of any of the four languages. */
export const SEATS: SeatDisplay[] = [
  { name: 'Xaver', kind: 'human' },
  { name: 'Yusuf', kind: 'novice' },
  { name: 'Zoltan', kind: 'human' },
  { name: 'Quirin', kind: 'intermediate' },
  { name: 'Wojtek', kind: 'advanced' },
  { name: 'Kasimir', kind: 'human' },
];

export interface PlayedGame {
  states: GameState[];
  events: GameEvent[][];
}

/** A complete game of novice computers (every seat), with each state and the events that led to it. */
export function playedGame(rules: RulesName, seats: number, seed: string): PlayedGame {
  const rng = seedRng(`language ${seed}`);
  let state = createGame({ rules, seats, seed, turnLimit: 400 });
  const played: PlayedGame = { states: [state], events: [[]] };
  while (!state.over) {
    const step = legalActions(state).length
      ? applyAction(state, hareModule.computer.choose(state, 'novice', rng))
      : forfeitTurn(state);
    state = step.state;
    played.states.push(state);
    played.events.push(step.events);
  }
  return played;
}

function contexts(state: GameState, language: Language): TextContext[] {
  const names = SEATS.slice(0, state.seats.length).map((seat) => seat.name);
  return [
    { names, viewerSeat: null, language },
    { names, viewerSeat: null, reveal: true, language },
    ...state.seats.map((_, seat) => ({ names, viewerSeat: seat, language })),
  ];
}

/** The texts of one moment of the game: what every seat and the public may read, and every control. */
function momentTexts(state: GameState, events: readonly GameEvent[], language: Language): string[] {
  const texts = hareModule.texts;
  const seen: string[] = [];
  for (const ctx of contexts(state, language)) {
    for (const event of events) {
      const view = ctx.reveal ? event : hareModule.rules.observeEvent!(event, state, ctx.viewerSeat);
      seen.push(texts.describeEvent(view, state, ctx) ?? '');
    }
  }
  const ctx = contexts(state, language)[0]!;
  seen.push(...texts.status(state, ctx), ...(texts.describeImage?.(state, ctx) ?? []));
  seen.push(texts.boardTitle!(state, ctx));
  state.seats.forEach((_, seat) => {
    const view = observeRace(state, seat);
    seen.push(texts.hand(view, seat, { ...ctx, viewerSeat: seat }));
    for (const figure of texts.figures(state, seat, language)) seen.push(figure.label, figure.singular ?? '');
  });
  if (!state.over) {
    const view = observeRace(state, state.current);
    for (const action of legalActions(view)) seen.push(texts.actionLabel(action, view, language));
    for (const row of hareModule.controls.rows(view, state.current, language)) {
      for (const control of row) {
        if (control.kind === 'button') seen.push(control.label);
        else {
          seen.push(control.placeholder);
          for (const option of control.options) seen.push(option.label, option.description ?? '');
        }
      }
    }
    seen.push(...commandTexts(view, state.current, language));
    seen.push(...commandTexts(view, (state.current + 1) % state.seats.length, language));
  }
  return seen;
}

/** The refusals of every command given bad values, and the suggestions of /hare move for what one types. */
function commandTexts(state: GameState, seat: number, language: Language): string[] {
  const seen: string[] = [];
  const bad: CommandValues[] = [
    {},
    { square: 'twelve' },
    { square: 3.5 },
    { square: 0 },
    { square: 63 },
    { square: 64 },
    { choice: 'pay' },
  ];
  for (const command of hareModule.commands) {
    for (const values of bad) {
      const answer = command.toAction(values, state, seat, language);
      if ('error' in answer) seen.push(answer.error);
    }
    for (const typed of ['', '1', 'a', 'ka', 'zan', 'car']) {
      const found = command.autocomplete?.('square', typed, state, seat, language) ?? [];
      seen.push(...found.map((choice) => choice.name));
    }
  }
  return seen;
}

/** What the game says outside a game: levels, options, rules, the footer. */
export function staticTexts(language: Language): string[] {
  const texts = hareModule.texts;
  const rules = texts.rules as (options: Record<string, string>, language?: Language) => string;
  return [
    ...hareModule.computer.levels.map((level) => texts.levelDescription(level, language)),
    ...(['standard', 'classic'] as const).flatMap((set) => [
      texts.optionsSummary!({ rules: set }, language),
      rules({ rules: set }, language),
    ]),
  ];
}

/** Every word drawn on the board images of some moments of the game (public and the seat to act's view). */
export function boardWords(game: PlayedGame, language: Language): string[] {
  const seen: string[] = [];
  const last = game.states.length - 1;
  const moments = [1, 3, Math.floor(last / 3), Math.floor(last / 2), last - 1, last];
  for (const moment of moments) {
    const state = game.states[moment]!;
    for (const viewerSeat of [null, state.current]) {
      const { texts } = catchTexts(() =>
        renderBoard(state, {
          seats: SEATS.slice(0, state.seats.length),
          recentEvents: game.events[moment]!,
          viewerSeat,
          language,
        }),
      );
      seen.push(...texts.map((drawn) => drawn.text));
    }
  }
  return seen;
}

/** The words the game gives the shared summary sheet (the sheet's own words are the drawing kit's). */
export function summaryWords(
  state: GameState,
  language: Language,
  stoppedBy: string | null = null,
): string[] {
  const sheet = hareSummarySheet(state, { seats: SEATS.slice(0, state.seats.length), stoppedBy, language });
  const charts = sheet.chart ? (Array.isArray(sheet.chart) ? sheet.chart : [sheet.chart]) : [];
  return [
    sheet.title,
    sheet.subtitle ?? '',
    ...sheet.places.flatMap((place) => [place.name, place.detail]),
    ...charts.flatMap((chart) => [chart.title ?? '', chart.xLabel ?? '', chart.mark?.label ?? '']),
    ...sheet.figureHeaders,
    ...sheet.figures.map((row) => row.name),
    sheet.story?.method ?? '',
    ...(sheet.story?.turns ?? []).flatMap((turn) => [turn.what, turn.when]),
    sheet.storyXLabel ?? '',
  ];
}

/** Every text of a played game in `language`. */
export function gameTexts(game: PlayedGame, language: Language): string[] {
  return game.states.flatMap((state, index) => momentTexts(state, game.events[index]!, language));
}
