/**
 * The one gate for secrets (as boardgame.io's playerView): every state that leaves the service for the bot is a
 * view, made here. A running game's state is observed for no seat (GameRules.observe), its events likewise; the
 * game's seed and the committed server seed stay inside until the game is over. A seat's view is asked for with
 * `seatView(publicView, seat)`: the raw state it comes from is kept here, in a WeakMap keyed by the public view,
 * so nothing reachable from what the bot holds is the raw state of a running game.
 */
import type { AnyGameModule } from '../games/contract';
import type { GameRecord } from '../store/index';
import type {
  GameInfo,
  GameUpdate,
  LobbyUpdate,
  PlayerView,
  PublicFairness,
  PublicLobbyUpdate,
  PublicUpdate,
  PublicView,
} from './types';
import { eventsSeenBy, stateSeenBy } from './views';

interface Observed {
  module: AnyGameModule;
  game: GameRecord;
  state: unknown;
}

const rawOf = new WeakMap<object, Observed>();

/** The public view of `state` (the whole state once the game is over). */
export function publicView(module: AnyGameModule, game: GameRecord, state: unknown): PublicView {
  const view = stateSeenBy(module, game, state, null);
  if (typeof view !== 'object' || view === null) throw new Error(`${module.key}: a state is an object`);
  rawOf.set(view, { module, game, state });
  return view as PublicView;
}

/** What `seat` may see at the moment `view` shows (its own secrets, the others' hidden while the game runs). */
export function seatView(view: PublicView, seat: number): PlayerView {
  const observed = rawOf.get(view);
  if (!observed) throw new Error('seatView: not a view the service handed out');
  return stateSeenBy(observed.module, observed.game, observed.state, seat) as PlayerView;
}

/** Whether the game's secrets are out: it is over (finished or cancelled), so its seeds may be shown. */
function over(game: GameRecord): boolean {
  return game.status === 'finished' || game.status === 'cancelled';
}

function publicFairness(game: GameRecord): PublicFairness | null | undefined {
  if (!game.fairness || over(game)) return game.fairness;
  // The committed server seed would give away every future roll: it is revealed in the summary.
  const { serverSeed: _secret, ...shown } = game.fairness;
  return shown;
}

/** A stored game as the bot sees it: the public view for its state, no seed (nor server seed) until the end. */
export function gameInfo(module: AnyGameModule, game: GameRecord, state: unknown = game.state): GameInfo {
  const { seed: _seed, state: _state, fairness: _fairness, ...facts } = game;
  const info: GameInfo = {
    ...facts,
    state: state === null || state === undefined ? null : publicView(module, game, state),
  };
  const fairness = publicFairness(game);
  if (fairness !== undefined) info.fairness = fairness;
  return info;
}

export function publicUpdate(module: AnyGameModule, update: GameUpdate): PublicUpdate {
  const game = gameInfo(module, update.game, update.state);
  const state = game.state ?? publicView(module, update.game, update.state);
  return {
    ...update,
    game,
    state,
    events: [...eventsSeenBy(module, update.game, update.state, update.events, null)],
  };
}

export function publicLobbyUpdate(module: AnyGameModule, update: LobbyUpdate): PublicLobbyUpdate {
  return { ...update, game: gameInfo(module, update.game) };
}
