// The words Discord's client itself shows around messages, in each language the sandbox offers: a player reads
// them in their own language, as on Discord.

export const PAGE_WORDS = {
  en: {
    onlyYou: 'Only you can see this',
    dismiss: 'Dismiss message',
    today: (time) => `Today at ${time}`,
    yesterday: (time) => `Yesterday at ${time}`,
    edited: '(edited)',
    used: [' used ', ''],
    thinking: (name) => `${name} is thinking`,
    commands: 'Commands',
    options: 'Options',
    choices: 'Choices',
  },
  de: {
    onlyYou: 'Nur du kannst das sehen',
    dismiss: 'Nachricht verwerfen',
    today: (time) => `Heute um ${time}`,
    yesterday: (time) => `Gestern um ${time}`,
    edited: '(bearbeitet)',
    used: [' hat ', ' verwendet'],
    thinking: (name) => `${name} denkt nach`,
    commands: 'Befehle',
    options: 'Optionen',
    choices: 'Auswahl',
  },
  fr: {
    onlyYou: 'Visible uniquement par toi',
    dismiss: 'Ignorer le message',
    today: (time) => `Aujourd’hui à ${time}`,
    yesterday: (time) => `Hier à ${time}`,
    edited: '(modifié)',
    used: [' a utilisé ', ''],
    thinking: (name) => `${name} réfléchit`,
    commands: 'Commandes',
    options: 'Options',
    choices: 'Choix',
  },
  es: {
    onlyYou: 'Solo tú puedes ver esto',
    dismiss: 'Descartar mensaje',
    today: (time) => `hoy a las ${time}`,
    yesterday: (time) => `ayer a las ${time}`,
    edited: '(editado)',
    used: [' usó ', ''],
    thinking: (name) => `${name} está pensando`,
    commands: 'Comandos',
    options: 'Opciones',
    choices: 'Valores',
  },
};

/** The locale a language's dates and times are written in. */
export const LOCALES = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

export function wordsOf(language) {
  return PAGE_WORDS[language] ?? PAGE_WORDS.en;
}

export function localeOf(language) {
  return LOCALES[language] ?? language;
}
