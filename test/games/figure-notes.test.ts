/**
 * A summary explains its figures where they appear: the message says under the players' figures what the less
 * obvious ones count ("hare results", "busts", "turns held", "foes' hedgehogs moved", …), and the image says
 * under the luck and "choices gave away" columns what those measure, in every game and language.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import { summaryPayload } from '../../src/bot/views';
import { imageWords } from '../../src/games/draw/image-words';
import { placings } from '../../src/service/index';
import type { Language } from '../../src/i18n/languages';
import type { SeatRecord } from '../../src/store/index';
import { createInlineRenderer } from '../../src/workers/render-pool';
import { sampleGame } from '../support/game-record';
import { textsDrawnBy } from './greed/drawn-texts';

const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];
const NAMES = ['Ada', 'Bob', 'Cyd'];
const renderer = createInlineRenderer(GAMES);

/** The figures each game explains, by their English label: the ones a new player cannot read alone. */
const EXPLAINED: Record<string, string[]> = {
  hare: ['moves', 'hare results'],
  greed: ['busts', 'hot-dice rolls'],
  candyland: ['licorice stops', 'times sent back'],
  hedgehogs: ["foes' hedgehogs moved", 'turns held'],
};

function finishedGame(module: AnyGameModule, seed: string): unknown {
  const rng = seedRng(`${seed}:computer`);
  const level = module.computer.levels[0]!;
  let state = module.rules.create({ seats: NAMES.length, seed, options: {} });
  for (let step = 0; step < 20_000 && !module.rules.isOver(state); step++)
    state = module.rules.apply(state, module.computer.choose(state, level, rng)).state;
  expect(module.rules.isOver(state)).toBe(true);
  return state;
}

const seatRecords = (): SeatRecord[] =>
  NAMES.map((name, index) => ({
    index,
    kind: 'human',
    userId: String(10 + index),
    level: null,
    name,
    left: false,
  }));

describe.each(GAMES.all.map((module) => [module.key, module] as const))('the %s summary', (key, module) => {
  const state = finishedGame(module, `figure notes ${key}`);

  it('names the figures it explains in every language, shortly and without seams', () => {
    const english = module.texts.figures(state, 0, 'en');
    const explained = english.filter((figure) => figure.note).map((figure) => figure.label);
    expect(explained).toEqual(EXPLAINED[key]);
    for (const language of LANGUAGES) {
      const figures = module.texts.figures(state, 0, language);
      expect(figures.map((figure) => Boolean(figure.note))).toEqual(
        english.map((figure) => Boolean(figure.note)),
      );
      for (const { label, note } of figures.filter((figure) => figure.note)) {
        expect(note!.length, `${language}: ${note}`).toBeLessThanOrEqual(90);
        expect(note).not.toMatch(/\{\{|undefined|NaN| {2}/);
        expect(note).not.toBe(label);
      }
    }
  });

  it.each(LANGUAGES)('message states each note once, under the figures (%s)', async (language) => {
    const game = sampleGame({
      module,
      state,
      status: 'finished',
      endReason: 'completed',
      seats: seatRecords(),
      language,
    });
    const places = placings(module, game, state);
    const payload = await summaryPayload(module, game, game.state!, places, renderer);
    const description = (payload.embeds[0]!.toJSON().description ?? '').split('\n');
    const lastFigures = Math.max(
      ...NAMES.map((name) => description.findIndex((line) => line.includes(name))),
    );
    for (const { note } of module.texts.figures(state, 0, language).filter((figure) => figure.note)) {
      const at = description.findIndex((line) => line.includes(note!));
      expect(at, `"${note}" in ${JSON.stringify(description)}`).toBeGreaterThan(lastFigures);
      expect(description.filter((line) => line.includes(note!))).toHaveLength(1);
    }
  });

  it.each(LANGUAGES)('image explains its luck and given-away figures under them (%s)', async (language) => {
    const renderer = await module.loadRenderer!();
    const seats: SeatView[] = NAMES.map((name) => ({ name, kind: 'human' }));
    const drawn = textsDrawnBy(() => renderer.summary({ state, seats, stoppedBy: null, language }));
    const t = imageWords(language);
    const pattern = (key: string) =>
      new RegExp(
        `^${t(key, { points: '\u0000' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('\u0000', '.+')}$`,
      );
    const texts = drawn.map((text) => text.text);
    const all = texts.join(' ');
    const figures = [
      ['images.luck', 'images.luckNote'],
      ['images.gaveAway', 'images.gaveNote'],
    ] as const;
    let explained = 0;
    for (const [figure, note] of figures) {
      const shown = drawn.filter(
        (text) =>
          pattern(figure).test(text.text) ||
          (figure === 'images.gaveAway' && text.text === t('images.gaveNothing')),
      );
      if (shown.length === 0) continue;
      explained++;
      expect(all, `${note} in ${language}`).toContain(t(note));
      const noteTop = Math.min(
        ...drawn
          .filter((text) => text.text.length > 12 && t(note).startsWith(text.text))
          .map((text) => text.top),
      );
      expect(noteTop).toBeGreaterThan(Math.max(...shown.map((text) => text.bottom)) - 4);
    }
    // every game but Candy Land (pure chance: no choices to judge) shows luck, and Greed and Hedgehogs the choices
    expect(explained).toBeGreaterThan(0);
  });
});
