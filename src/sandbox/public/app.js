/* global document, window, fetch, EventSource, localStorage, requestAnimationFrame, URLSearchParams, Element */
// The sandbox page: a Discord-like text channel. It talks only to the sandbox server, which passes everything on
// to the local fake Discord as real interactions. Message text arrives as safe HTML (escaped by the server).

const $ = (selector) => document.querySelector(selector);
const els = {
  guildName: $('#guild-name'),
  serverIcon: $('#server-icon'),
  channels: $('#channels'),
  users: $('#users'),
  me: $('#me'),
  channelName: $('#channel-name'),
  channelTopic: $('#channel-topic'),
  connection: $('#connection'),
  messages: $('#messages'),
  composer: $('#composer'),
  input: $('#input'),
  suggestions: $('#suggestions'),
  playerLanguage: $('#player-language'),
  playerLanguageLabel: $('#player-language-label'),
  serverLanguage: $('#server-language'),
};

const GROUP_WINDOW_MS = 7 * 60_000;
const SUGGEST_DELAY_MS = 80;

const state = {
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

// ---- helpers -------------------------------------------------------------------------------------------------

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** "/hare start or /greed start": the first `count` games the bot registered, for the hints. */
function startHint(count) {
  const commands = (state.world?.startCommands ?? []).slice(0, count);
  if (commands.length === 0) return "a game's start command";
  return commands.length === 1 ? commands[0] : `${commands.slice(0, -1).join(', ')} or ${commands.at(-1)}`;
}

function userById(id) {
  return state.world?.users.find((u) => u.id === id) ?? null;
}

function currentChannel() {
  return state.world?.channels.find((c) => c.id === state.channelId) ?? null;
}

/** The words the page itself shows around messages, in the current player's language (as Discord's client). */
const PAGE_WORDS = {
  en: { onlyYou: 'Only you can see this', dismiss: 'Dismiss message' },
  de: { onlyYou: 'Nur du kannst das sehen', dismiss: 'Nachricht verwerfen' },
  fr: { onlyYou: 'Visible uniquement par toi', dismiss: 'Ignorer le message' },
  es: { onlyYou: 'Solo tú puedes ver esto', dismiss: 'Descartar mensaje' },
};
const LOCALES = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

function playerLanguage() {
  return state.world?.languages?.users[state.userId] ?? 'en';
}

function pageWords() {
  return PAGE_WORDS[playerLanguage()] ?? PAGE_WORDS.en;
}

const TIME_STYLES = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { month: '2-digit', day: '2-digit', year: 'numeric' },
  D: { month: 'long', day: 'numeric', year: 'numeric' },
  f: { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  F: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
};
const SPANS = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [30 * 86_400, 'day', 86_400],
  [365 * 86_400, 'month', 30.44 * 86_400],
  [Infinity, 'year', 365.25 * 86_400],
];

/**
 * Discord's timestamp markup in the reader's locale (`<t:…:d>` reads 28.11.2026 for a German reader): the server
 * writes it as an English reader sees it; the page rewrites it for a player in another language.
 */
function localizeTimes(root) {
  const language = playerLanguage();
  if (language === 'en') return;
  const locale = LOCALES[language] ?? language;
  for (const node of root.querySelectorAll('time.timestamp-markup[data-style]')) {
    const date = new Date(node.getAttribute('datetime'));
    const style = node.dataset.style;
    node.title = new Intl.DateTimeFormat(locale, TIME_STYLES.F).format(date);
    if (style === 'R') {
      const seconds = (date.getTime() - Date.now()) / 1000;
      const [, unit, size] = SPANS.find(([below]) => Math.abs(seconds) < below);
      node.textContent = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
        Math.round(seconds / size),
        unit,
      );
    } else if (TIME_STYLES[style])
      node.textContent = new Intl.DateTimeFormat(locale, TIME_STYLES[style]).format(date);
  }
}

function formatTime(ms) {
  const date = new Date(ms);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return `Today at ${time}`;
  return `${date.toLocaleDateString()} ${time}`;
}

function avatar(author, size = '') {
  const node = element('div', `avatar ${size}`.trim());
  if (author.bot) {
    node.classList.add('bot');
    node.textContent = author.id === 'local' ? '!' : '🐇';
    return node;
  }
  node.textContent = (author.name || '?').slice(0, 1).toUpperCase();
  const user = userById(author.id);
  if (user) node.style.background = user.color;
  return node;
}

// ---- sidebar ---------------------------------------------------------------------------------------------------

function renderSidebar() {
  els.guildName.textContent = state.world.guild.name;
  els.serverIcon.textContent = '🐇';
  els.channels.replaceChildren(
    ...state.world.channels.map((channel) => {
      const item = element('li');
      const button = element('button', 'channel-button');
      button.type = 'button';
      button.dataset.channelId = channel.id;
      button.classList.toggle('active', channel.id === state.channelId);
      button.append(element('span', 'hash', '#'), element('span', 'name', channel.name));
      button.addEventListener('click', () => switchTo({ channelId: channel.id }));
      item.append(button);
      return item;
    }),
  );
  els.users.replaceChildren(
    ...state.world.users.map((user) => {
      const item = element('li');
      const button = element('button', 'user-switch');
      button.type = 'button';
      button.dataset.userId = user.id;
      button.dataset.userName = user.name;
      button.classList.toggle('active', user.id === state.userId);
      const label = element('span', 'label', user.name);
      const language = state.world.languages.users[user.id] ?? 'en';
      button.dataset.language = language;
      if (language !== 'en') label.append(element('span', 'language-tag', language.toUpperCase()));
      if (user.note) label.append(element('span', 'note', user.note));
      button.append(avatar({ id: user.id, name: user.name, bot: false }, 'small'), label);
      button.addEventListener('click', () => switchTo({ userId: user.id }));
      item.append(button);
      return item;
    }),
  );
  const me = userById(state.userId);
  const details = element('div');
  details.append(element('div', 'name', me.name), element('div', 'tag', me.note ?? me.username));
  els.me.replaceChildren(avatar({ id: me.id, name: me.name, bot: false }, 'small'), details);
  renderLanguages(me);
  const channel = currentChannel();
  els.channelName.textContent = channel.name;
  els.channelTopic.textContent = channel.topic;
  els.input.placeholder = `Message #${channel.name} as ${me.name} — try ${startHint(2)}`;
  document.title = `#${channel.name} · ${me.name} — hare games sandbox`;
}

function fillLanguageSelect(select, chosen) {
  select.replaceChildren(
    ...state.world.languages.choices.map((choice) => {
      const option = element('option', '', choice.name);
      option.value = choice.code;
      option.selected = choice.code === chosen;
      return option;
    }),
  );
}

/** The current player's language (the locale of their interactions) and the server's (a new lobby's). */
function renderLanguages(me) {
  els.playerLanguageLabel.textContent = `${me.name}'s language`;
  fillLanguageSelect(els.playerLanguage, state.world.languages.users[me.id] ?? 'en');
  fillLanguageSelect(els.serverLanguage, state.world.languages.server);
}

async function setLanguage(setting) {
  let result;
  try {
    result = await api('/api/language', setting);
  } catch {
    result = { ok: false, error: 'The sandbox server is not reachable.' };
  }
  const before = playerLanguage();
  if (result.ok) state.world.languages = result.languages;
  else localNotice(result.error);
  renderSidebar();
  if (playerLanguage() !== before) renderAll();
}

els.playerLanguage.addEventListener('change', () => {
  void setLanguage({ userId: state.userId, language: els.playerLanguage.value });
});
els.serverLanguage.addEventListener('change', () => {
  void setLanguage({ server: true, language: els.serverLanguage.value });
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

function switchTo(change) {
  if (change.userId) state.userId = change.userId;
  if (change.channelId) state.channelId = change.channelId;
  localStorage.setItem('hare-sandbox', JSON.stringify({ userId: state.userId, channelId: state.channelId }));
  renderSidebar();
  hideSuggestions();
  connect();
  els.input.focus();
}

// ---- messages --------------------------------------------------------------------------------------------------

function renderEmbed(embed) {
  const node = element('div', 'embed');
  if (embed.color) node.style.setProperty('--embed-color', embed.color);
  const addHtml = (className, html) => {
    if (!html) return;
    const part = element('div', className);
    part.innerHTML = html;
    node.append(part);
  };
  addHtml('embed-title', embed.titleHtml);
  addHtml('embed-description', embed.descriptionHtml);
  if (embed.fields.length > 0) {
    const fields = element('div', 'embed-fields');
    for (const field of embed.fields) {
      const box = element('div', field.inline ? 'embed-field inline' : 'embed-field');
      const name = element('div', 'embed-field-name');
      name.innerHTML = field.nameHtml;
      const value = element('div', 'embed-field-value');
      value.innerHTML = field.valueHtml;
      box.append(name, value);
      fields.append(box);
    }
    node.append(fields);
  }
  if (embed.image) node.append(image(embed.image, 'embed-image'));
  addHtml('embed-footer', embed.footerHtml);
  return node;
}

function image(view, className) {
  const img = element('img', className);
  img.src = view.url;
  img.alt = view.alt;
  if (view.width && view.height) {
    img.width = view.width;
    img.height = view.height;
  }
  img.addEventListener('load', keepAtBottom);
  img.addEventListener('click', () => openLightbox(view.url, view.alt));
  return img;
}

function openLightbox(url, alt) {
  const box = element('div', 'lightbox');
  const img = element('img');
  img.src = url;
  img.alt = alt;
  box.append(img);
  box.addEventListener('click', () => box.remove());
  document.body.append(box);
}

function renderButton(message, component) {
  const button = element('button', `component-button ${component.style}`, component.label);
  button.type = 'button';
  button.disabled = component.disabled;
  if (component.customId) button.dataset.customId = component.customId;
  button.addEventListener('click', () => {
    if (component.url) return void window.open(component.url, '_blank', 'noopener');
    void interact(message, button, { customId: component.customId });
  });
  return button;
}

function renderSelect(message, component) {
  const select = element('div', 'select');
  select.tabIndex = component.disabled ? -1 : 0;
  select.dataset.customId = component.customId;
  select.classList.toggle('disabled', component.disabled);
  select.setAttribute('role', 'combobox');
  const chosen = component.options.find((o) => o.selected);
  select.append(
    element('span', 'placeholder', chosen ? chosen.label : component.placeholder),
    element('span', 'chevron', '▼'),
  );
  const menu = element('div', 'select-menu');
  menu.hidden = true;
  menu.setAttribute('role', 'listbox');
  for (const option of component.options) {
    const item = element('div', 'select-option', option.label);
    item.dataset.value = option.value;
    item.setAttribute('role', 'option');
    if (option.description) item.append(element('small', '', option.description));
    item.addEventListener('click', (event) => {
      event.stopPropagation();
      closeMenus();
      void interact(message, select, { customId: component.customId, values: [option.value] });
    });
    menu.append(item);
  }
  select.append(menu);
  const toggle = () => {
    if (component.disabled) return;
    const opening = menu.hidden;
    closeMenus();
    if (!opening) return;
    menu.hidden = false;
    select.classList.add('open');
    const room = els.messages.getBoundingClientRect().bottom - select.getBoundingClientRect().bottom;
    select.classList.toggle('up', room < Math.min(menu.scrollHeight, 280));
  };
  select.addEventListener('click', toggle);
  select.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  });
  return select;
}

function closeMenus() {
  for (const menu of document.querySelectorAll('.select-menu')) menu.hidden = true;
  for (const select of document.querySelectorAll('.select.open')) select.classList.remove('open', 'up');
}

document.addEventListener('click', (event) => {
  if (!event.target.closest('.select')) closeMenus();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeMenus();
});

async function interact(message, control, input) {
  if (control.classList.contains('pending')) return;
  control.classList.add('pending');
  const row = control.closest('.action-row');
  let failure = null;
  try {
    const result = await api('/api/component', { userId: state.userId, messageId: message.id, ...input });
    if (!result.ok) failure = result.error || 'This interaction failed';
    // The page showed an out-of-date message: fetch the channel again (a fresh snapshot).
    if (result.stale) connect();
  } catch {
    failure = 'This interaction failed (the sandbox server is not reachable)';
  }
  control.classList.remove('pending');
  if (failure && row?.isConnected) {
    if (row.nextElementSibling?.classList.contains('interaction-failed')) row.nextElementSibling.remove();
    const note = element('div', 'interaction-failed', failure);
    row.after(note);
    window.setTimeout(() => note.remove(), 6000);
  }
}

function renderComponents(message) {
  return message.components.map((row) => {
    const node = element('div', 'action-row');
    for (const component of row.components) {
      node.append(
        component.kind === 'select' ? renderSelect(message, component) : renderButton(message, component),
      );
    }
    return node;
  });
}

function renderMessage(message) {
  const node = element('article', 'message');
  node.dataset.messageId = message.id;
  node.dataset.authorId = message.author.id;
  node.classList.toggle('ephemeral', message.ephemeral);
  node.classList.toggle('local', message.id.startsWith('local-'));
  node.classList.toggle('mentioned', message.mentions.includes(state.userId));
  if (message.command) {
    const context = element('div', 'reply-context');
    context.append(
      avatar(
        { id: userIdByName(message.command.userName), name: message.command.userName, bot: false },
        'tiny',
      ),
      element('span', 'who', message.command.userName),
      element('span', '', ' used '),
      element('span', 'command-name', `/${message.command.name}`),
    );
    node.append(context);
  }
  node.append(avatar(message.author));
  const body = element('div', 'body');
  const header = element('div', 'message-header');
  header.append(element('span', 'author', message.author.name));
  if (message.author.bot)
    header.append(element('span', 'bot-tag', message.id.startsWith('local-') ? 'SYSTEM' : 'APP'));
  header.append(element('time', 'timestamp', formatTime(message.createdAt)));
  body.append(header);
  if (message.loading) {
    const thinking = element('div', 'thinking');
    thinking.append(element('span', '', `${message.author.name} is thinking`), element('span', 'dots'));
    body.append(thinking);
  } else if (message.html) {
    const content = element('div', 'content');
    content.innerHTML = message.html;
    if (message.editedAt) content.append(element('span', 'edited', '(edited)'));
    body.append(content);
  }
  for (const embed of message.embeds) body.append(renderEmbed(embed));
  for (const img of message.images) body.append(image(img, 'attachment-image'));
  for (const file of message.files) {
    const link = element('a', 'attachment-file', `📎 ${file.name}`);
    link.href = file.url;
    link.download = file.name;
    body.append(link);
  }
  body.append(...renderComponents(message));
  if (message.ephemeral) {
    const note = element('div', 'ephemeral-note');
    const dismiss = element('button', '', pageWords().dismiss);
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => {
      state.dismissed.add(message.id);
      removeMessage(message.id);
    });
    note.append(element('span', '', `👁 ${pageWords().onlyYou} ·`), dismiss);
    body.append(note);
  }
  node.append(body);
  localizeTimes(node);
  return node;
}

function userIdByName(name) {
  return state.world.users.find((u) => u.name === name)?.id ?? '';
}

function sortedIds() {
  // Snowflakes grow with time; local notices sort by their creation time among them.
  return [...state.messages.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

function welcome() {
  const channel = currentChannel();
  const me = userById(state.userId);
  const node = element('div', 'channel-welcome');
  node.append(element('div', 'big-hash', '#'), element('h1', '', `Welcome to #${channel.name}!`));
  node.append(
    element('p', '', `This is the start of the #${channel.name} channel of the local sandbox.`),
    element(
      'p',
      '',
      `You are ${me.name}. Type ${startHint(4)} below, then switch players under Play as to join.`,
    ),
  );
  return node;
}

function renderAll() {
  const stick = state.atBottom;
  const nodes = sortedIds().map(renderMessage);
  els.messages.replaceChildren(welcome(), ...nodes);
  regroup();
  if (stick) scrollToBottom();
}

function upsertMessage(message) {
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

function removeMessage(id) {
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

function keepAtBottom() {
  if (state.atBottom) requestAnimationFrame(scrollToBottom);
}

els.messages.addEventListener('scroll', () => {
  const { scrollTop, clientHeight, scrollHeight } = els.messages;
  state.atBottom = scrollTop + clientHeight >= scrollHeight - 48;
});

/** A private note from the page itself (a command the fake refused, a reply that never came). */
function localNotice(text) {
  state.localCount += 1;
  upsertMessage({
    id: `local-${state.localCount}`,
    channelId: state.channelId,
    viewerId: state.userId,
    author: { id: 'local', name: 'Sandbox', bot: true },
    createdAt: Date.now(),
    editedAt: null,
    html: escapeHtml(text),
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

// ---- live updates --------------------------------------------------------------------------------------------

function connect() {
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

// ---- the message box -----------------------------------------------------------------------------------------

function hideSuggestions() {
  window.clearTimeout(state.suggest.timer);
  state.suggest.seq += 1;
  state.suggest.items = [];
  state.suggest.forText = null;
  els.suggestions.hidden = true;
  els.suggestions.replaceChildren();
}

/** What the list holds: commands, option names, or the choices of the option being typed (named). */
function suggestionsTitle(items, typed) {
  if (items.every((item) => item.label.startsWith('/'))) return 'Commands';
  if (items.every((item) => item.text === null || item.text.endsWith(':'))) return 'Options';
  const option = /(?:^|\s)([\w-]+):\S*$/.exec(typed);
  return option ? option[1] : 'Choices';
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

function scheduleSuggestions() {
  window.clearTimeout(state.suggest.timer);
  state.suggest.timer = window.setTimeout(() => void requestSuggestions(), SUGGEST_DELAY_MS);
}

function accept(index) {
  const item = state.suggest.items[index];
  if (!item || item.text === null) return false;
  els.input.value = item.text;
  els.input.focus();
  hideSuggestions();
  scheduleSuggestions();
  return true;
}

function move(step) {
  const { items } = state.suggest;
  if (items.length === 0) return;
  state.suggest.index = (state.suggest.index + step + items.length) % items.length;
  state.suggest.navigated = true;
  renderSuggestions();
}

/** Enter picks the highlighted suggestion while the line is unfinished (or after ↑/↓), else sends it. */
function enterPicksSuggestion() {
  const s = state.suggest;
  if (els.suggestions.hidden || s.items.length === 0 || s.items[s.index]?.text == null) return false;
  if (s.navigated) return true;
  return s.forText === els.input.value && !s.complete;
}

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
    accept(state.suggest.index);
  } else if (event.key === 'Escape') {
    hideSuggestions();
  } else if (event.key === 'Enter') {
    event.preventDefault();
    if (enterPicksSuggestion()) accept(state.suggest.index);
    else void send();
  }
});
els.input.addEventListener('blur', () => window.setTimeout(hideSuggestions, 150));
els.composer.addEventListener('submit', (event) => event.preventDefault());

// ---- start ---------------------------------------------------------------------------------------------------

function savedChoice() {
  try {
    return JSON.parse(localStorage.getItem('hare-sandbox') ?? '{}');
  } catch {
    return {};
  }
}

/**
 * Loads every part of the emoji font before anything is drawn. Chromium keeps drawing text it shaped before the
 * part of the font it needed had arrived with the fallback font (an empty box), even after it arrives.
 */
async function loadEmojiFont() {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Noto Emoji');
  await Promise.allSettled(faces.map((face) => face.load()));
}

async function start() {
  const [world] = await Promise.all([api('/api/world'), loadEmojiFont()]);
  state.world = world;
  const params = new URLSearchParams(window.location.search);
  const saved = savedChoice();
  const pickUser = (wanted) => state.world.users.find((u) => u.id === wanted || u.username === wanted)?.id;
  const pickChannel = (wanted) => state.world.channels.find((c) => c.id === wanted || c.name === wanted)?.id;
  state.userId = pickUser(params.get('user')) ?? pickUser(saved.userId) ?? state.world.users[0].id;
  state.channelId =
    pickChannel(params.get('channel')) ?? pickChannel(saved.channelId) ?? state.world.channels[0].id;
  renderSidebar();
  connect();
  els.input.focus();
}

void start();
