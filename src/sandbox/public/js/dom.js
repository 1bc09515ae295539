/* global document */
// The page's elements and the one helper that makes new ones.

const $ = (selector) => document.querySelector(selector);

export const els = {
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
  serverLanguageLabel: $('#server-language-label'),
  channelsTitle: $('#channels-title'),
  playersTitle: $('#players-title'),
  languagesTitle: $('#languages-title'),
  help: $('#sidebar-help'),
  composerHint: $('#composer-hint'),
};

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}
