// What the page knows: the world (channels, players, languages), who is playing and where, and the messages.
import { wordsOf } from './words.js';

export const state = {
  world: null,
  userId: null,
  channelId: null,
  /** id -> message view; local notices have ids starting with "local-". */
  messages: new Map(),
  dismissed: new Set(),
  events: null,
  atBottom: true,
  localCount: 0,
  suggest: { items: [], index: 0, navigated: false, forText: null, complete: false, seq: 0, timer: null },
};

export function userById(id) {
  return state.world?.users.find((u) => u.id === id) ?? null;
}

export function userIdByName(name) {
  return state.world?.users.find((u) => u.name === name)?.id ?? '';
}

export function currentChannel() {
  return state.world?.channels.find((c) => c.id === state.channelId) ?? null;
}

/** The current player's language (the locale of their interactions): 'en', 'de', 'fr' or 'es'. */
export function playerLanguage() {
  return state.world?.languages?.users[state.userId] ?? 'en';
}

/** A command's name as the current player reads it: "/hare start" is "/hase starten" in German. */
export function commandName(command) {
  const path = command.replace(/^\//, '');
  return `/${state.world?.commandNames?.[playerLanguage()]?.[path] ?? path}`;
}

/** "/hare start or /greed start": the first `count` games the bot registered, for the hints. */
export function startHint(count) {
  const commands = (state.world?.startCommands ?? []).slice(0, count).map(commandName);
  if (commands.length === 0) return "a game's start command";
  const or = wordsOf(playerLanguage()).or;
  return commands.length === 1 ? commands[0] : `${commands.slice(0, -1).join(', ')} ${or} ${commands.at(-1)}`;
}
