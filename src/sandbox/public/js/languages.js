// The language menus: a change is saved by the server (the player's locale, or the server's), and the page then
// shows its own words and times in the player's language.
import { api } from './api.js';
import { els } from './dom.js';
import { localNotice, renderAll } from './messages.js';
import { renderSidebar } from './sidebar.js';
import { playerLanguage, state } from './state.js';

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
