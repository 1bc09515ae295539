/* global document */
// One message as Discord's client draws it, in the reader's language: the "used /command" line, the author and
// time, the text, embeds, images, files, components, and the note under a private reply.
import { avatar } from './avatar.js';
import { renderComponents } from './components.js';
import { element } from './dom.js';
import { commandName, playerLanguage, state, userIdByName } from './state.js';
import { fullTime, headerTime, localizeTimes } from './times.js';
import { wordsOf } from './words.js';

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

/** "Alice used /hare start", the command named as the reader sees it ("Alice hat /hase starten verwendet"). */
function replyContext(command, language) {
  const context = element('div', 'reply-context');
  const [between, after] = wordsOf(language).used;
  context.append(
    avatar({ id: userIdByName(command.userName), name: command.userName, bot: false }, 'tiny'),
    element('span', 'who', command.userName),
    element('span', '', between),
    element('span', 'command-name', commandName(command.name)),
  );
  if (after) context.append(element('span', '', after));
  return context;
}

function header(message, language) {
  const node = element('div', 'message-header');
  node.append(element('span', 'author', message.author.name));
  if (message.author.bot)
    node.append(element('span', 'bot-tag', message.id.startsWith('local-') ? 'SYSTEM' : 'APP'));
  const time = element('time', 'timestamp', headerTime(message.createdAt, language));
  time.dateTime = new Date(message.createdAt).toISOString();
  time.title = fullTime(message.createdAt, language);
  node.append(time);
  return node;
}

function privateNote(words) {
  const note = element('div', 'ephemeral-note');
  const dismiss = element('button', 'dismiss', words.dismiss);
  dismiss.type = 'button';
  note.append(element('span', '', `👁 ${words.onlyYou} ·`), dismiss);
  return note;
}

export function renderMessage(message) {
  const language = playerLanguage();
  const words = wordsOf(language);
  const node = element('article', 'message');
  node.dataset.messageId = message.id;
  node.dataset.authorId = message.author.id;
  node.classList.toggle('ephemeral', message.ephemeral);
  node.classList.toggle('local', message.id.startsWith('local-'));
  node.classList.toggle('mentioned', message.mentions.includes(state.userId));
  if (message.command) node.append(replyContext(message.command, language));
  node.append(avatar(message.author));
  const body = element('div', 'body');
  body.append(header(message, language));
  if (message.loading) {
    const thinking = element('div', 'thinking');
    thinking.append(element('span', '', words.thinking(message.author.name)), element('span', 'dots'));
    body.append(thinking);
  } else if (message.html) {
    const content = element('div', 'content');
    content.innerHTML = message.html;
    if (message.editedAt) content.append(element('span', 'edited', words.edited));
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
  if (message.ephemeral) body.append(privateNote(words));
  node.append(body);
  localizeTimes(node, language);
  return node;
}
