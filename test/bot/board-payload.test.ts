/**
 * The board message of every game: a live board carries the game's footer hint and, for the games with a
 * private view, a My hand button; a finished or stopped game's board carries neither (nor any control).
 */
import { describe, expect, it } from 'vitest';
import { EmbedBuilder, embedLength, type APIEmbed, type ButtonComponent } from 'discord.js';
import { boardPayload } from '../../src/bot/views';
import { GAMES, type AnyGameModule } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import type { Renderer } from '../../src/workers/render-pool';
import type { EndReason, GameStatus } from '../../src/store/index';
import type { GameInfo } from '../../src/service/index';
import { sampleGame } from '../support/game-record';

const blank = () => Promise.resolve(Buffer.from('png'));
const renderer: Renderer = {
  board: blank,
  summary: blank,
  tool: blank,
  ratingChart: blank,
  standingsChart: blank,
  close: () => Promise.resolve(),
};

function record(module: AnyGameModule, state: unknown, status: GameStatus, endReason: EndReason | null) {
  const seats = [0, 1].map((index) => ({
    index,
    kind: 'human' as const,
    userId: String(10 + index),
    level: null,
    name: ['Alice', 'Bob'][index]!,
    left: false,
  }));
  return sampleGame({ module, state, status, endReason, seats });
}

/** A game of the module played by its computers to the end. */
function finishedState(module: AnyGameModule): unknown {
  let state = module.rules.create({ seats: 2, seed: 'to the end', options: {} });
  const rng = seedRng('to the end');
  for (let step = 0; step < 20_000 && !module.rules.isOver(state); step++)
    state = module.rules.apply(state, module.computer.choose(state, module.computer.defaultLevel, rng)).state;
  expect(module.rules.isOver(state)).toBe(true);
  return state;
}

async function board(game: GameInfo) {
  const module = GAMES.require(game.gameKey);
  const payload = await boardPayload(
    { module, game, state: game.state!, recentEvents: [], recentLines: [], placings: null },
    renderer,
  );
  const footer = payload.embeds[0]!.toJSON().footer?.text ?? '';
  const buttons = payload.components.flatMap((row) => row.toJSON().components) as ButtonComponent['data'][];
  return { footer, buttons };
}

/** The embed through the builder's validating setters, which throw on what Discord would refuse. */
function validated(data: APIEmbed): APIEmbed {
  const embed = new EmbedBuilder()
    .setColor(data.color ?? null)
    .setTitle(data.title ?? null)
    .setDescription(data.description ?? null)
    .setImage(data.image?.url ?? null)
    .setFooter(data.footer ?? null);
  if (data.fields) embed.addFields(data.fields);
  return embed.toJSON();
}

/** The games whose `hand` tells a player more than the board (Candy Land's only repeats the board). */
const PRIVATE_VIEW: Record<string, boolean> = { hare: true, greed: true, hedgehogs: true, candyland: false };

describe.each(GAMES.all.map((module) => [module.key, module] as const))('the %s board', (_key, module) => {
  it('shows the footer hint and the My hand button only while the game runs', async () => {
    const start = module.rules.create({ seats: 2, seed: 'live', options: {} });
    const live = await board(record(module, start, 'active', null));
    if (module.texts.footerHint) expect(live.footer).toContain(module.texts.footerHint);
    // Greed has no hand: its button says "My turn"; Hedgehogs' lists the choices.
    const label = { hare: 'My hand', greed: 'My turn', hedgehogs: 'My choices' }[module.key];
    const hand = live.buttons.filter((button) => 'label' in button && button.label === label);
    expect(hand).toHaveLength(PRIVATE_VIEW[module.key] ? 1 : 0);
    expect(live.buttons.length).toBeLessThanOrEqual(25);

    for (const game of [
      record(module, finishedState(module), 'finished', 'completed'),
      record(module, start, 'finished', 'ended'),
    ]) {
      const over = await board(game);
      expect(over.footer, game.endReason!).toBe('Game g1 · v7');
      expect(over.buttons, game.endReason!).toEqual([]);
    }
  });

  it("keeps a board's embed within Discord's limits, with the longest names and log lines", async () => {
    const longName = 'W'.repeat(32); // Discord's longest display name
    const game = record(module, finishedState(module), 'finished', 'completed');
    game.seats = game.seats.map((seat) => ({ ...seat, name: longName }));
    // Computers' names are written out (a person is a mention).
    const placings = game.seats.map((seat, place) => ({
      ...seat,
      seat: seat.index,
      place: place + 1,
      kind: 'computer' as const,
      userId: null,
    }));
    const live = record(module, module.rules.create({ seats: 2, seed: 'long', options: {} }), 'active', null);
    live.seats = live.seats.map((seat) => ({ ...seat, name: longName }));
    const recentLines = Array.from({ length: 6 }, (_, i) => `${i} ${'x'.repeat(1990)}`);
    for (const [view, shown] of [
      [{ game, placings }, 'finished'],
      [{ game: live, placings: null }, 'live'],
    ] as const) {
      const payload = await boardPayload(
        { module, state: view.game.state!, recentEvents: [], recentLines, ...view },
        renderer,
      );
      const data = payload.embeds[0]!.toJSON();
      // The board's embed is built from its data, without the builder's checks: they must still pass.
      expect(validated(data), shown).toEqual(data);
      expect(embedLength(data), shown).toBeLessThanOrEqual(6000);
      if (view.placings) expect(data.fields?.[0]?.value, shown).toContain(longName);
    }
  });
});
