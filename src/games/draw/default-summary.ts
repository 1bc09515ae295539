/**
 * The summary the platform draws for a module without a renderer, on the shared summary sheet: the result, the
 * places, the final grid when the module has one, and every seat's figures.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { AnyGameModule, SummaryImageInput } from '../contract';
import { figureText, gameTitle, resultText, seatCount, seatNames } from './game-words';
import { imageWords } from './image-words';
import { drawSummarySheet, placeRows } from './summary-sheet';
import { drawTextGrid, gridHeight } from './text-grid';

/** The final grid takes at most this width, centred. */
const GRID_WIDTH = 420;

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export function drawDefaultSummary(module: AnyGameModule, input: SummaryImageInput<unknown>): Canvas {
  const { state, language } = input;
  const names = seatNames(input.seats, seatCount(module, state), language);
  const figures = names.map((_, seat) => module.texts.figures(state, seat, language));
  const grid = module.boardGrid?.(state) ?? null;
  const outcome = input.stoppedBy
    ? imageWords(language)('images.stoppedBy', { name: input.stoppedBy })
    : resultText(module, state, names, language);
  // A game of one figure a seat says it beside the places; more figures get their table.
  const table = (figures[0]?.length ?? 0) > 1;
  return drawSummarySheet({
    title: `${gameTitle(module, language)} · ${outcome}`,
    ...(language ? { language } : {}),
    stopped: input.stoppedBy !== null,
    places: placeRows(
      module.rules.standings(state),
      input.seats,
      (seat) => (table ? '' : figures[seat]!.map((figure) => figureText(figure, language)).join(', ')),
      language,
    ),
    ...(grid
      ? {
          picture: {
            height: gridHeight(grid, GRID_WIDTH),
            draw: (ctx, area) =>
              drawTextGrid(ctx, grid, {
                ...area,
                x: area.x + (area.width - GRID_WIDTH) / 2,
                width: GRID_WIDTH,
              }),
          },
        }
      : {}),
    figureHeaders: table ? figures[0]!.map((figure) => capitalized(figure.label)) : [],
    figures: names.map((name, seat) => ({
      seat,
      name,
      values: figures[seat]!.map((figure) => figure.value),
    })),
  });
}
