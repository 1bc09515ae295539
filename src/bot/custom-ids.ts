import type { Action } from '../games/hare/rules/index';

/**
 * Component custom ids carry everything needed to route a click after a restart: `hare:<kind>:<gameId>[:<version>[:<arg>]]`.
 * Lobby buttons need no version; board components carry the state version they were drawn for.
 */
export type LobbyButton = 'join' | 'leave' | 'add-computer' | 'start' | 'cancel';

export type ComponentId =
  | { kind: 'lobby'; button: LobbyButton; gameId: string }
  | { kind: 'act'; gameId: string; version: number; action: Action }
  | { kind: 'select'; gameId: string; version: number };

const PREFIX = 'hare';
const LOBBY_BUTTONS: readonly LobbyButton[] = ['join', 'leave', 'add-computer', 'start', 'cancel'];

/** An action as a short token: m12 (move to 12), e (eat), c+ / c- (take / pay 10), s (skip). */
export function encodeAction(action: Action): string {
  switch (action.type) {
    case 'move':
      return `m${action.to}`;
    case 'eat':
      return 'e';
    case 'carrots':
      return action.amount > 0 ? 'c+' : 'c-';
    case 'skip':
      return 's';
  }
}

export function decodeAction(token: string): Action | null {
  if (token === 'e') return { type: 'eat' };
  if (token === 's') return { type: 'skip' };
  if (token === 'c+') return { type: 'carrots', amount: 10 };
  if (token === 'c-') return { type: 'carrots', amount: -10 };
  const move = /^m(\d{1,2})$/.exec(token);
  return move ? { type: 'move', to: Number(move[1]) } : null;
}

export function encodeComponentId(id: ComponentId): string {
  switch (id.kind) {
    case 'lobby':
      return `${PREFIX}:lobby:${id.gameId}:${id.button}`;
    case 'act':
      return `${PREFIX}:act:${id.gameId}:${id.version}:${encodeAction(id.action)}`;
    case 'select':
      return `${PREFIX}:select:${id.gameId}:${id.version}`;
  }
}

export function decodeComponentId(customId: string): ComponentId | null {
  const [prefix, kind, gameId, fourth, fifth] = customId.split(':');
  if (prefix !== PREFIX || !gameId) return null;
  if (kind === 'lobby') {
    const button = LOBBY_BUTTONS.find((b) => b === fourth);
    return button ? { kind, button, gameId } : null;
  }
  const version = Number(fourth);
  if (!Number.isInteger(version) || version < 0) return null;
  if (kind === 'select') return { kind, gameId, version };
  if (kind === 'act' && fifth !== undefined) {
    const action = decodeAction(fifth);
    return action ? { kind, gameId, version, action } : null;
  }
  return null;
}
