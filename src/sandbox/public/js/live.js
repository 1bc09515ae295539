/* global document, EventSource, URLSearchParams */
// Live updates of the open channel as the current player sees it (Server-Sent Events): a snapshot, then each
// new, edited or deleted message.
import { els } from './dom.js';
import { removeMessage, renderAll, upsertMessage } from './messages.js';
import { state } from './state.js';

export function connect() {
  state.events?.close();
  const query = new URLSearchParams({ channel: state.channelId, user: state.userId });
  const events = new EventSource(`/api/events?${query}`);
  state.events = events;
  events.addEventListener('snapshot', (event) => {
    if (state.events !== events) return;
    const local = [...state.messages.values()].filter(
      (m) => m.id.startsWith('local-') && m.channelId === state.channelId && m.viewerId === state.userId,
    );
    state.messages = new Map();
    for (const message of [...JSON.parse(event.data), ...local]) {
      if (!state.dismissed.has(message.id)) state.messages.set(message.id, message);
    }
    state.atBottom = true;
    renderAll();
    els.connection.hidden = true;
    // Tests (and curious people) can tell which user and channel the list on screen belongs to.
    document.body.dataset.viewer = state.userId;
    document.body.dataset.channel = state.channelId;
    document.body.dataset.ready = 'true';
  });
  events.addEventListener('message', (event) => {
    if (state.events === events) upsertMessage(JSON.parse(event.data));
  });
  events.addEventListener('delete', (event) => {
    if (state.events === events) removeMessage(JSON.parse(event.data).id);
  });
  events.addEventListener('error', () => {
    if (state.events === events) els.connection.hidden = false;
  });
}

// A click on an out-of-date message: fetch the channel again.
document.addEventListener('sandbox:stale', () => connect());
