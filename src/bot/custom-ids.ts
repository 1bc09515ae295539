/**
 * Component custom ids carry everything needed to route a click after a restart:
 * `<game key>:<kind>:<subject>[:…]`. Lobby buttons need no version; board controls carry the state version they
 * were drawn for and the game module's own action token; the buttons under a summary name their game; replay
 * steps carry the step they show; history pages carry whose games they list (`all` for everyone's); the My hand
 * button under a board names its game only (it always shows the current hand). A game whose controls are private
 * (GameControls.privateFor) shows a `choose` button on the board, with the version it was drawn for; it opens the
 * controls in a private reply, whose `pact` buttons and `pselect` menu carry the version as `act` and `select` do.
 *
 * This is format 1, and buttons keep their ids as long as their messages exist: never change what a format-1 id
 * means (test/bot/custom-ids.golden.test.ts pins them). A new format starts with its number (`2:…`), which no game
 * key can (keys are letters), and is decoded beside format 1.
 */
export type LobbyButton =
  | 'join'
  | 'leave'
  | 'add-computer'
  | 'remove-computer'
  | 'start'
  | 'cancel'
  /** The menu "Add computer" opens when programs are connected (src/bot/program-picker.ts). */
  | 'pick-computer';
export type FinishedButton = 'rematch' | 'replay' | 'log';
/** The replay's buttons: each names the step it leads to, and a slot that keeps ids unique in one message. */
export type ReplaySlot = 'first' | 'back' | 'next' | 'last' | 'back10' | 'next10';
export type HistorySlot = 'prev' | 'next';

export type ComponentId =
  | { gameKey: string; kind: 'lobby'; button: LobbyButton; gameId: string }
  | { gameKey: string; kind: 'act'; gameId: string; version: number; token: string }
  | { gameKey: string; kind: 'select'; gameId: string; version: number }
  | { gameKey: string; kind: 'finished'; button: FinishedButton; gameId: string }
  | { gameKey: string; kind: 'replay'; gameId: string; step: number; slot: ReplaySlot }
  | { gameKey: string; kind: 'history'; userId: string | null; page: number; slot: HistorySlot }
  | { gameKey: string; kind: 'history-pick'; userId: string | null }
  | { gameKey: string; kind: 'hand'; gameId: string }
  | { gameKey: string; kind: 'choose'; gameId: string; version: number }
  | { gameKey: string; kind: 'private-act'; gameId: string; version: number; token: string }
  | { gameKey: string; kind: 'private-select'; gameId: string; version: number };

const LOBBY_BUTTONS: readonly LobbyButton[] = [
  'join',
  'leave',
  'add-computer',
  'remove-computer',
  'start',
  'cancel',
  'pick-computer',
];
const FINISHED_BUTTONS: readonly FinishedButton[] = ['rematch', 'replay', 'log'];
const REPLAY_SLOTS: readonly ReplaySlot[] = ['first', 'back', 'next', 'last', 'back10', 'next10'];
const HISTORY_SLOTS: readonly HistorySlot[] = ['prev', 'next'];
const KEY = /^[a-z]{2,24}$/;
const NUMBER = /^\d{1,9}$/;
const USER = /^\d{1,25}$/;
const EVERYONE = 'all';

export function encodeComponentId(id: ComponentId): string {
  switch (id.kind) {
    case 'lobby':
      return `${id.gameKey}:lobby:${id.gameId}:${id.button}`;
    case 'act':
      return `${id.gameKey}:act:${id.gameId}:${id.version}:${id.token}`;
    case 'select':
      return `${id.gameKey}:select:${id.gameId}:${id.version}`;
    case 'finished':
      return `${id.gameKey}:finished:${id.gameId}:${id.button}`;
    case 'replay':
      return `${id.gameKey}:replay:${id.gameId}:${id.step}:${id.slot}`;
    case 'history':
      return `${id.gameKey}:history:${id.userId ?? EVERYONE}:${id.page}:${id.slot}`;
    case 'history-pick':
      return `${id.gameKey}:history-pick:${id.userId ?? EVERYONE}`;
    case 'hand':
      return `${id.gameKey}:hand:${id.gameId}`;
    case 'choose':
      return `${id.gameKey}:choose:${id.gameId}:${id.version}`;
    case 'private-act':
      return `${id.gameKey}:pact:${id.gameId}:${id.version}:${id.token}`;
    case 'private-select':
      return `${id.gameKey}:pselect:${id.gameId}:${id.version}`;
  }
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

function userOf(subject: string): string | null | undefined {
  if (subject === EVERYONE) return null;
  return USER.test(subject) ? subject : undefined;
}

export function decodeComponentId(customId: string): ComponentId | null {
  const [gameKey, kind, subject, fourth, ...rest] = customId.split(':');
  if (!gameKey || !KEY.test(gameKey) || !subject) return null;
  const gameId = subject;
  switch (kind) {
    case 'lobby': {
      const button = oneOf(LOBBY_BUTTONS, fourth);
      return button && rest.length === 0 ? { gameKey, kind, button, gameId } : null;
    }
    case 'finished': {
      const button = oneOf(FINISHED_BUTTONS, fourth);
      return button && rest.length === 0 ? { gameKey, kind, button, gameId } : null;
    }
    case 'history-pick': {
      const userId = userOf(subject);
      return userId !== undefined && fourth === undefined ? { gameKey, kind, userId } : null;
    }
    case 'hand':
      return fourth === undefined ? { gameKey, kind, gameId } : null;
  }
  if (!fourth || !NUMBER.test(fourth)) return null;
  const number = Number(fourth);
  switch (kind) {
    case 'select':
      return rest.length === 0 ? { gameKey, kind, gameId, version: number } : null;
    case 'act':
      return rest.length === 1 && rest[0] ? { gameKey, kind, gameId, version: number, token: rest[0] } : null;
    case 'choose':
      return rest.length === 0 ? { gameKey, kind, gameId, version: number } : null;
    case 'pselect':
      return rest.length === 0 ? { gameKey, kind: 'private-select', gameId, version: number } : null;
    case 'pact':
      return rest.length === 1 && rest[0]
        ? { gameKey, kind: 'private-act', gameId, version: number, token: rest[0] }
        : null;
    case 'replay': {
      const slot = oneOf(REPLAY_SLOTS, rest[0]);
      return slot && rest.length === 1 ? { gameKey, kind, gameId, step: number, slot } : null;
    }
    case 'history': {
      const userId = userOf(subject);
      const slot = oneOf(HISTORY_SLOTS, rest[0]);
      return userId !== undefined && slot && rest.length === 1
        ? { gameKey, kind, userId, page: number, slot }
        : null;
    }
  }
  return null;
}
