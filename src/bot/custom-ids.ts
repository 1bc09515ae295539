/**
 * Component custom ids carry everything needed to route a click after a restart:
 * `<game key>:<kind>:<gameId>[:<version>[:<action token>]]`. Lobby buttons need no version; board controls
 * carry the state version they were drawn for; the action token is the game module's own encoding.
 */
export type LobbyButton = 'join' | 'leave' | 'add-computer' | 'start' | 'cancel';

export type ComponentId =
  | { gameKey: string; kind: 'lobby'; button: LobbyButton; gameId: string }
  | { gameKey: string; kind: 'act'; gameId: string; version: number; token: string }
  | { gameKey: string; kind: 'select'; gameId: string; version: number };

const LOBBY_BUTTONS: readonly LobbyButton[] = ['join', 'leave', 'add-computer', 'start', 'cancel'];
const KEY = /^[a-z]{2,24}$/;

export function encodeComponentId(id: ComponentId): string {
  switch (id.kind) {
    case 'lobby':
      return `${id.gameKey}:lobby:${id.gameId}:${id.button}`;
    case 'act':
      return `${id.gameKey}:act:${id.gameId}:${id.version}:${id.token}`;
    case 'select':
      return `${id.gameKey}:select:${id.gameId}:${id.version}`;
  }
}

export function decodeComponentId(customId: string): ComponentId | null {
  const [gameKey, kind, gameId, fourth, ...rest] = customId.split(':');
  if (!gameKey || !KEY.test(gameKey) || !gameId) return null;
  if (kind === 'lobby') {
    const button = LOBBY_BUTTONS.find((b) => b === fourth);
    return button && rest.length === 0 ? { gameKey, kind, button, gameId } : null;
  }
  if (!fourth || !/^\d{1,9}$/.test(fourth)) return null;
  const version = Number(fourth);
  if (kind === 'select' && rest.length === 0) return { gameKey, kind, gameId, version };
  if (kind === 'act' && rest.length === 1 && rest[0])
    return { gameKey, kind, gameId, version, token: rest[0] };
  return null;
}
