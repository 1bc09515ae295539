/* global window */
// The list above the message box while a slash command is typed: commands, options, or an option's choices,
// as the server reads the line for the current player (in their language).
import { api } from './api.js';
import { element, els } from './dom.js';
import { playerLanguage, state } from './state.js';
import { wordsOf } from './words.js';

const SUGGEST_DELAY_MS = 80;

export function hideSuggestions() {
  window.clearTimeout(state.suggest.timer);
  state.suggest.seq += 1;
  state.suggest.items = [];
  state.suggest.forText = null;
  els.suggestions.hidden = true;
  els.suggestions.replaceChildren();
}

/** What the list holds: commands, option names, or the choices of the option being typed (named). */
function suggestionsTitle(items, typed) {
  const words = wordsOf(playerLanguage());
  if (items.every((item) => item.label.startsWith('/'))) return words.commands;
  if (items.every((item) => item.text === null || item.text.endsWith(':'))) return words.options;
  const option = /(?:^|\s)([\p{L}\p{N}_-]+):\S*$/u.exec(typed);
  return option ? option[1] : words.choices;
}

function renderSuggestions() {
  const { items, index } = state.suggest;
  if (items.length === 0) {
    els.suggestions.hidden = true;
    return;
  }
  const title = element('div', 'suggestions-title', suggestionsTitle(items, els.input.value));
  const nodes = items.map((item, i) => {
    const node = element(
      'div',
      `suggestion${item.text === null ? ' hint' : ''}${i === index ? ' active' : ''}`,
    );
    node.setAttribute('role', 'option');
    node.append(element('span', 'label', item.label), element('span', 'detail', item.detail));
    node.addEventListener('mousedown', (event) => {
      event.preventDefault();
      accept(i);
    });
    return node;
  });
  els.suggestions.replaceChildren(title, ...nodes);
  els.suggestions.hidden = false;
  els.suggestions.querySelector('.suggestion.active')?.scrollIntoView({ block: 'nearest' });
}

async function requestSuggestions() {
  const text = els.input.value;
  const seq = ++state.suggest.seq;
  if (!text.startsWith('/')) return hideSuggestions();
  const result = await api('/api/suggest', { channelId: state.channelId, userId: state.userId, text });
  if (seq !== state.suggest.seq || els.input.value !== text) return;
  const firstPickable = Math.max(
    0,
    (result.items ?? []).findIndex((item) => item.text !== null),
  );
  Object.assign(state.suggest, {
    items: result.items ?? [],
    index: firstPickable,
    navigated: false,
    forText: text,
    complete: result.complete === true,
  });
  renderSuggestions();
}

export function scheduleSuggestions() {
  window.clearTimeout(state.suggest.timer);
  state.suggest.timer = window.setTimeout(() => void requestSuggestions(), SUGGEST_DELAY_MS);
}

/** Puts the chosen suggestion in the message box; false for a hint that cannot be picked. */
export function accept(index = state.suggest.index) {
  const item = state.suggest.items[index];
  if (!item || item.text === null) return false;
  els.input.value = item.text;
  els.input.focus();
  hideSuggestions();
  scheduleSuggestions();
  return true;
}

export function move(step) {
  const { items } = state.suggest;
  if (items.length === 0) return;
  state.suggest.index = (state.suggest.index + step + items.length) % items.length;
  state.suggest.navigated = true;
  renderSuggestions();
}

/** Enter picks the highlighted suggestion while the line is unfinished (or after ↑/↓), else sends it. */
export function enterPicksSuggestion() {
  const s = state.suggest;
  if (els.suggestions.hidden || s.items.length === 0 || s.items[s.index]?.text == null) return false;
  if (s.navigated) return true;
  return s.forText === els.input.value && !s.complete;
}
