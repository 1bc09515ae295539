/**
 * Each runner's luck: at every hare card it drew (or hare die it rolled, under the classic rules), its win
 * chance after the card it got less the average over the cards it could have got (the deck's mix; under the
 * classic rules the die's six faces), weighed at once by the forecast (win/forecast.ts), summed per runner.
 * Squares, moves and payouts follow from the runners' choices: only the cards and the die are luck.
 */
import { nextInt, seedRng, type RngState } from '../../kit/random';
import { applyAction, HARE_DECK, type GameState, type HareCard } from '../rules/index';
import { chancesAt } from './forecast';
import { replayActions, type ReplayStep } from './replay';

/** One random stream per face: the stream whose next roll of the hare die shows that face. */
let faceStreams: RngState[] | null = null;

function streamsForFaces(): RngState[] {
  if (faceStreams) return faceStreams;
  const found: (RngState | undefined)[] = new Array(6);
  for (let i = 0; found.includes(undefined); i++) {
    const stream = seedRng(`hare-luck:${i}`);
    const face = nextInt([...stream] as RngState, 6);
    found[face] ??= stream;
  }
  faceStreams = found as RngState[];
  return faceStreams;
}

/** The states the step would have led to with each card or face, and how likely each was. */
function alternatives(step: ReplayStep): { state: GameState; weight: number }[] {
  const { before, action } = step;
  if (!action) return [];
  if (before.rules === 'standard') {
    const cards = [...new Set(HARE_DECK)] as HareCard[];
    return cards.map((card) => {
      const rest = [...before.deck];
      rest.splice(rest.indexOf(card), 1);
      const dealt = { ...before, deck: [card, ...rest] };
      const weight = HARE_DECK.filter((other) => other === card).length / HARE_DECK.length;
      return { state: applyAction(dealt, action).state, weight };
    });
  }
  return streamsForFaces().map((stream) => ({
    state: applyAction({ ...before, rng: [...stream] as RngState }, action).state,
    weight: 1 / 6,
  }));
}

/** Per runner, the win chance its cards (or dice) brought beyond the average; null without an action log. */
export function hareLuck(state: GameState): number[] | null {
  const steps = replayActions(state);
  if (!steps) return null;
  const luck = new Array<number>(state.seats.length).fill(0);
  for (const step of steps) {
    const drew = step.events.some(
      (event) => (event.type === 'hare-card' || event.type === 'hare-roll') && event.seat === step.seat,
    );
    if (!drew) continue;
    const got = chancesAt(step.after)[step.seat]!;
    const average = alternatives(step).reduce(
      (sum, { state, weight }) => sum + weight * chancesAt(state)[step.seat]!,
      0,
    );
    luck[step.seat]! += got - average;
  }
  return luck;
}
