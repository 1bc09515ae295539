// The words the page shows, in each language the sandbox offers: Discord's own words around messages, and the
// sandbox's frame (channels, players, the message box). A player reads them in their own language, as on Discord.

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
    interactionFailed: 'This interaction failed',
    noResponse: 'The application did not respond',
    reconnecting: 'Reconnecting…',
    textChannels: 'Text channels',
    playAs: 'Play as',
    languages: 'Languages',
    playerLanguage: (name) => `${name}'s language`,
    serverLanguage: 'Server language (new lobbies)',
    server: 'Server',
    help: 'Everyone here is you: switch players to take several seats. Private replies show only to the player they are for.',
    or: 'or',
    placeholder: (channel, name, hint) => `Message #${channel} as ${name} — try ${hint}`,
    welcomeTitle: ['Welcome to ', '!'],
    welcomeStart: (channel) => `This is the start of the #${channel} channel of the local sandbox.`,
    welcomeYou: (name, hint, playAs) =>
      `You are ${name}. Type ${hint} below, then switch players under ${playAs} to join.`,
    composerHint: ['Type ', ' · Tab or ↑↓ pick a suggestion · Enter sends'],
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
    interactionFailed: 'Diese Interaktion ist fehlgeschlagen',
    noResponse: 'Die Anwendung hat nicht reagiert',
    reconnecting: 'Verbindung wird wiederhergestellt …',
    textChannels: 'Textkanäle',
    playAs: 'Spielen als',
    languages: 'Sprachen',
    playerLanguage: (name) => `Sprache von ${name}`,
    serverLanguage: 'Sprache des Servers (neue Lobbys)',
    server: 'Server',
    help: 'Alle hier bist du: Wechsle den Spieler, um mehrere Plätze zu besetzen. Private Antworten sieht nur der Spieler, für den sie bestimmt sind.',
    or: 'oder',
    placeholder: (channel, name, hint) => `Nachricht an #${channel} als ${name} – probier ${hint}`,
    welcomeTitle: ['Willkommen in ', '!'],
    welcomeStart: (channel) => `Das ist der Anfang des Kanals #${channel} in der lokalen Sandbox.`,
    welcomeYou: (name, hint, playAs) =>
      `Du bist ${name}. Gib unten ${hint} ein und wechsle dann unter „${playAs}“ den Spieler, um mitzuspielen.`,
    composerHint: ['Gib ', ' ein · Tab oder ↑↓ wählt einen Vorschlag · Enter sendet'],
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
    interactionFailed: 'Échec de l’interaction',
    noResponse: 'L’application n’a pas répondu',
    reconnecting: 'Reconnexion…',
    textChannels: 'Salons textuels',
    playAs: 'Incarner',
    languages: 'Langues',
    playerLanguage: (name) => (/^[aeiouyàâéèêîô]/i.test(name) ? `Langue d’${name}` : `Langue de ${name}`),
    serverLanguage: 'Langue du serveur (nouvelles parties)',
    server: 'Serveur',
    help: 'Ici, tout le monde, c’est toi : change de joueur pour occuper plusieurs places. Une réponse privée ne s’affiche que pour le joueur à qui elle s’adresse.',
    or: 'ou',
    placeholder: (channel, name, hint) =>
      `Envoyer un message dans #${channel} en tant que ${name} – essaie ${hint}`,
    welcomeTitle: ['Bienvenue dans ', '\u202f!'],
    welcomeStart: (channel) => `C’est le début du salon #${channel} du bac à sable local.`,
    welcomeYou: (name, hint, playAs) =>
      `Tu es ${name}. Tape ${hint} ci-dessous, puis change de joueur sous «\u202f${playAs}\u202f» pour rejoindre la partie.`,
    composerHint: ['Tape ', ' · Tab ou ↑↓ choisit une suggestion · Entrée envoie'],
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
    interactionFailed: 'Error en la interacción',
    noResponse: 'La aplicación no respondió',
    reconnecting: 'Reconectando…',
    textChannels: 'Canales de texto',
    playAs: 'Jugar como',
    languages: 'Idiomas',
    playerLanguage: (name) => `Idioma de ${name}`,
    serverLanguage: 'Idioma del servidor (partidas nuevas)',
    server: 'Servidor',
    help: 'Aquí todos son tú: cambia de jugador para ocupar varios asientos. Una respuesta privada solo la ve el jugador al que va dirigida.',
    or: 'o',
    placeholder: (channel, name, hint) => `Enviar mensaje a #${channel} como ${name} – prueba ${hint}`,
    welcomeTitle: ['¡Te damos la bienvenida a ', '!'],
    welcomeStart: (channel) => `Este es el comienzo del canal #${channel} del entorno de pruebas local.`,
    welcomeYou: (name, hint, playAs) =>
      `Eres ${name}. Escribe ${hint} abajo y luego cambia de jugador en «${playAs}» para unirte.`,
    composerHint: ['Escribe ', ' · Tab o ↑↓ elige una sugerencia · Intro envía'],
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

/** A message of Discord's client that the server gives in English ("This interaction failed"), in `language`. */
export function clientMessage(text, language) {
  const words = wordsOf(language);
  if (text === PAGE_WORDS.en.interactionFailed) return words.interactionFailed;
  if (text === PAGE_WORDS.en.noResponse) return words.noResponse;
  return text;
}
