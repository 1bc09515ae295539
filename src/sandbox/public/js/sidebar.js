/* global document */
// The channels, the players to play as, the language menus, the channel's header and the page's own words.
import { avatar } from './avatar.js';
import { element, els } from './dom.js';
import { currentChannel, playerLanguage, startHint, state, userById } from './state.js';
import { wordsOf } from './words.js';

function channelItem(channel) {
  const item = element('li');
  const button = element('button', 'channel-button');
  button.type = 'button';
  button.dataset.channelId = channel.id;
  button.classList.toggle('active', channel.id === state.channelId);
  button.append(element('span', 'hash', '#'), element('span', 'name', channel.name));
  item.append(button);
  return item;
}

function userItem(user) {
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
  item.append(button);
  return item;
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
function renderLanguages(me, words) {
  els.playerLanguageLabel.textContent = words.playerLanguage(me.name);
  els.serverLanguageLabel.textContent = words.serverLanguage;
  // A phone shows the short label (the player's name, "Server"); the tooltip gives the whole one.
  els.playerLanguage.labels[0].dataset.short = me.name;
  els.serverLanguage.labels[0].dataset.short = words.server;
  els.playerLanguage.title = els.playerLanguageLabel.textContent;
  els.serverLanguage.title = words.serverLanguage;
  fillLanguageSelect(els.playerLanguage, state.world.languages.users[me.id] ?? 'en');
  fillLanguageSelect(els.serverLanguage, state.world.languages.server);
}

/** The page's own words around the channel, in the current player's language. */
function renderFrame(channel, me, words) {
  els.channelsTitle.textContent = words.textChannels;
  els.playersTitle.textContent = words.playAs;
  els.languagesTitle.textContent = words.languages;
  els.help.textContent = words.help;
  els.connection.textContent = words.reconnecting;
  els.input.placeholder = words.placeholder(channel.name, me.name, startHint(2));
  const [before, after] = words.composerHint;
  els.composerHint.replaceChildren(before, element('code', '', startHint(1)), after);
}

export function renderSidebar() {
  const language = playerLanguage();
  const words = wordsOf(language);
  els.guildName.textContent = state.world.guild.name;
  els.serverIcon.textContent = '🐇';
  els.channels.replaceChildren(...state.world.channels.map(channelItem));
  els.users.replaceChildren(...state.world.users.map(userItem));
  const me = userById(state.userId);
  const details = element('div');
  details.append(element('div', 'name', me.name), element('div', 'tag', me.note ?? me.username));
  els.me.replaceChildren(avatar({ id: me.id, name: me.name, bot: false }, 'small'), details);
  renderLanguages(me, words);
  const channel = currentChannel();
  els.channelName.textContent = channel.name;
  els.channelTopic.textContent = channel.topic;
  renderFrame(channel, me, words);
  document.title = `#${channel.name} · ${me.name} — hare games sandbox`;
  document.documentElement.lang = language;
}
