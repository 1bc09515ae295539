/* global window */
// The message box: typing asks for suggestions, Tab and ↑↓ pick one, Enter sends (a slash command is sent as a
// real interaction by the server).
import { api } from './api.js';
import { els } from './dom.js';
import { localNotice } from './messages.js';
import { state } from './state.js';
import { accept, enterPicksSuggestion, hideSuggestions, move, scheduleSuggestions } from './suggestions.js';

async function send() {
  const text = els.input.value.trim();
  if (!text) return;
  els.input.value = '';
  hideSuggestions();
  let result;
  try {
    result = await api('/api/send', { channelId: state.channelId, userId: state.userId, text });
  } catch {
    result = { ok: false, error: 'The sandbox server is not reachable.' };
  }
  if (result.ok) return;
  localNotice(result.error);
  if (els.input.value === '') els.input.value = text;
}

els.input.addEventListener('input', scheduleSuggestions);
els.input.addEventListener('keydown', (event) => {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    if (els.suggestions.hidden) return;
    event.preventDefault();
    move(event.key === 'ArrowDown' ? 1 : -1);
  } else if (event.key === 'Tab') {
    if (els.suggestions.hidden) return;
    event.preventDefault();
    accept();
  } else if (event.key === 'Escape') {
    hideSuggestions();
  } else if (event.key === 'Enter') {
    event.preventDefault();
    if (enterPicksSuggestion()) accept();
    else void send();
  }
});
els.input.addEventListener('blur', () => window.setTimeout(hideSuggestions, 150));
els.composer.addEventListener('submit', (event) => event.preventDefault());
