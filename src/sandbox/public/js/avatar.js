// A round avatar: the bot's rabbit, the page's own "!", or a player's initial on their colour.
import { element } from './dom.js';
import { userById } from './state.js';

export function avatar(author, size = '') {
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
