/* global requestAnimationFrame, HTMLImageElement */
// The open channel's message list: kept in order, grouped by author as on Discord, scrolled to the newest while
// the reader is at the bottom, and the page's own private notices among the messages.
import { element, els, escapeHtml } from './dom.js';
import { renderMessage } from './message-view.js';
import { currentChannel, playerLanguage, startHint, state, userById } from './state.js';
import { clientMessage, wordsOf } from './words.js';

const GROUP_WINDOW_MS = 7 * 60_000;

function sortedIds() {
  // Snowflakes grow with time; local notices sort by their creation time among them.
  return [...state.messages.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

function welcome() {
  const channel = currentChannel();
  const me = userById(state.userId);
  const words = wordsOf(playerLanguage());
  const node = element('div', 'channel-welcome');
  const [before, after] = words.welcomeTitle;
  const title = element('h1', '', before);
  title.append(element('span', 'channel-name', `#${channel.name}${after}`));
  node.append(element('div', 'big-hash', '#'), title);
  node.append(
    element('p', '', words.welcomeStart(channel.name)),
    element('p', '', words.welcomeYou(me.name, startHint(4), words.playAs)),
  );
  return node;
}

export function renderAll() {
  const stick = state.atBottom;
  const nodes = sortedIds().map(renderMessage);
  els.messages.replaceChildren(welcome(), ...nodes);
  regroup();
  if (stick) scrollToBottom();
}

export function upsertMessage(message) {
  if (state.dismissed.has(message.id)) return;
  const stick = state.atBottom;
  const known = state.messages.has(message.id);
  state.messages.set(message.id, message);
  const node = renderMessage(message);
  const old = els.messages.querySelector(`[data-message-id="${message.id}"]`);
  if (known && old) old.replaceWith(node);
  else insertInOrder(node, message);
  regroup();
  if (stick) scrollToBottom();
}

function insertInOrder(node, message) {
  const ordered = sortedIds();
  const next = ordered[ordered.findIndex((m) => m.id === message.id) + 1];
  const before = next ? els.messages.querySelector(`[data-message-id="${next.id}"]`) : null;
  if (before) before.before(node);
  else els.messages.append(node);
}

export function removeMessage(id) {
  state.messages.delete(id);
  els.messages.querySelector(`[data-message-id="${id}"]`)?.remove();
  regroup();
}

/** Consecutive messages of one author within a few minutes share one header, as on Discord. */
function regroup() {
  let previous = null;
  for (const node of els.messages.querySelectorAll('.message')) {
    const message = state.messages.get(node.dataset.messageId);
    const grouped =
      previous !== null &&
      message !== undefined &&
      !message.command &&
      previous.author.id === message.author.id &&
      message.createdAt - previous.createdAt < GROUP_WINDOW_MS;
    node.classList.toggle('grouped', grouped);
    previous = message ?? null;
  }
}

function scrollToBottom() {
  els.messages.scrollTop = els.messages.scrollHeight;
  state.atBottom = true;
}

els.messages.addEventListener('scroll', () => {
  const { scrollTop, clientHeight, scrollHeight } = els.messages;
  state.atBottom = scrollTop + clientHeight >= scrollHeight - 48;
});

// An image that arrives later makes its message taller: stay at the bottom if the reader was there.
els.messages.addEventListener(
  'load',
  (event) => {
    if (event.target instanceof HTMLImageElement && state.atBottom) requestAnimationFrame(scrollToBottom);
  },
  true,
);

// "Dismiss message" under a private reply removes it for good.
els.messages.addEventListener('click', (event) => {
  const dismiss = event.target.closest('.ephemeral-note button');
  const id = dismiss?.closest('.message')?.dataset.messageId;
  if (!id) return;
  state.dismissed.add(id);
  removeMessage(id);
});

/** A private note from the page itself (a command the fake refused, a reply that never came). */
export function localNotice(text) {
  state.localCount += 1;
  upsertMessage({
    id: `local-${state.localCount}`,
    channelId: state.channelId,
    viewerId: state.userId,
    author: { id: 'local', name: 'Sandbox', bot: true },
    createdAt: Date.now(),
    editedAt: null,
    html: escapeHtml(clientMessage(text, playerLanguage())),
    embeds: [],
    images: [],
    files: [],
    components: [],
    mentions: [],
    ephemeral: true,
    loading: false,
    command: null,
  });
  scrollToBottom();
}
