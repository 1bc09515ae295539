/* global document, window, localStorage, URLSearchParams */
// The sandbox page: a Discord-like text channel. It talks only to the sandbox server, which passes everything on
// to the local fake Discord as real interactions. Message text arrives as safe HTML (escaped by the server).
// This module starts the page; each part of it is a module in ./js/.
import { api } from './js/api.js';
import './js/composer.js';
import { els } from './js/dom.js';
import './js/languages.js';
import { connect } from './js/live.js';
import './js/navigation.js';
import { renderSidebar } from './js/sidebar.js';
import { state } from './js/state.js';

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
