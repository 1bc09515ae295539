/* global document, window, CustomEvent */
// A message's buttons and select menus, and what a click on them sends (a real component interaction).
import { api } from './api.js';
import { element, els } from './dom.js';
import { playerLanguage, state } from './state.js';
import { clientMessage } from './words.js';

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
    // The page showed an out-of-date message: the live updates fetch the channel again (a fresh snapshot).
    if (result.stale) document.dispatchEvent(new CustomEvent('sandbox:stale'));
  } catch {
    failure = 'This interaction failed (the sandbox server is not reachable)';
  }
  control.classList.remove('pending');
  if (failure && row?.isConnected) {
    if (row.nextElementSibling?.classList.contains('interaction-failed')) row.nextElementSibling.remove();
    const note = element('div', 'interaction-failed', clientMessage(failure, playerLanguage()));
    row.after(note);
    window.setTimeout(() => note.remove(), 6000);
  }
}

export function renderComponents(message) {
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
