/* global document, window, localStorage, Element */
// Moving around: another channel, another player, or the message a link points to.
import { els } from './dom.js';
import { connect } from './live.js';
import { localNotice } from './messages.js';
import { renderSidebar } from './sidebar.js';
import { state } from './state.js';
import { hideSuggestions } from './suggestions.js';

export function switchTo(change) {
  if (change.userId) state.userId = change.userId;
  if (change.channelId) state.channelId = change.channelId;
  localStorage.setItem('hare-sandbox', JSON.stringify({ userId: state.userId, channelId: state.channelId }));
  renderSidebar();
  hideSuggestions();
  connect();
  els.input.focus();
}

els.channels.addEventListener('click', (event) => {
  const button = event.target.closest('.channel-button');
  if (button) switchTo({ channelId: button.dataset.channelId });
});
els.users.addEventListener('click', (event) => {
  const button = event.target.closest('.user-switch');
  if (button) switchTo({ userId: button.dataset.userId });
});

/** Scrolls to a message of the open channel and flashes it; false when it is not on screen. */
function jumpTo(messageId) {
  const node = els.messages.querySelector(`[data-message-id="${messageId}"]`);
  if (!node) return false;
  node.scrollIntoView({ block: 'center' });
  node.classList.add('jumped');
  window.setTimeout(() => node.classList.remove('jumped'), 2000);
  return true;
}

// A link to a message (e.g. the turn mention's link to the board) jumps to it in the page, switching channel first.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a.message-link') : null;
  if (!link) return;
  event.preventDefault();
  const { channelId, messageIdLink } = link.dataset;
  if (channelId && channelId !== state.channelId) {
    switchTo({ channelId });
    const started = Date.now();
    const retry = window.setInterval(() => {
      if (jumpTo(messageIdLink) || Date.now() - started > 3000) window.clearInterval(retry);
    }, 50);
    return;
  }
  if (!jumpTo(messageIdLink)) localNotice('That message is no longer in this channel.');
});
