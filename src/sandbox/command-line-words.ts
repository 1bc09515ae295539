import { ApplicationCommandOptionType as T } from 'discord.js';
import { languageOfLocale, type Language } from '../i18n/index';
import type { Locale, OptionSpec } from './command-tree';

/**
 * What the sandbox's message box says about a typed slash command, in the reader's language, as Discord's client
 * does in its own: the hints among the suggestions and the reasons a line cannot be sent.
 */
export interface CommandLineWords {
  between(min: number, max: number): string;
  atLeast(min: number): string;
  atMost(max: number): string;
  /** What an option takes, by type ("a whole number"); `other` for the rest. */
  kinds: Partial<Record<T, string>> & { other: string };
  required: string;
  noSuggestions: string;
  notInRange(option: string, range: string): string;
  notAChoice(option: string, raw: string, choices: string): string;
  noValue(option: string): string;
  notWhole(option: string, raw: string): string;
  notANumber(option: string, raw: string): string;
  notTrueOrFalse(option: string): string;
  nobody(option: string, raw: string): string;
  noChannel(option: string, raw: string): string;
  noMoreOptions(command: string, token: string): string;
  twice(option: string): string;
  startsWithSlash: string;
  unknownCommand(command: string): string;
  chooseSubcommand(command: string, choices: string): string;
  missing(option: string, description: string): string;
}

const WORDS: Record<Language, CommandLineWords> = {
  en: {
    between: (min, max) => ` from ${min} to ${max}`,
    atLeast: (min) => ` of at least ${min}`,
    atMost: (max) => ` of at most ${max}`,
    kinds: {
      [T.Integer]: 'a whole number',
      [T.Number]: 'a number',
      [T.String]: 'text',
      [T.Channel]: 'a #channel',
      other: 'a value',
    },
    required: 'required',
    noSuggestions: 'no suggestions',
    notInRange: (option, range) => `${option}: must be a number${range}.`,
    notAChoice: (option, raw, choices) => `${option}: "${raw}" is not one of ${choices}.`,
    noValue: (option) => `${option}: give a value after "${option}:".`,
    notWhole: (option, raw) => `${option}: "${raw}" is not a whole number.`,
    notANumber: (option, raw) => `${option}: "${raw}" is not a number.`,
    notTrueOrFalse: (option) => `${option}: answer true or false.`,
    nobody: (option, raw) => `${option}: nobody here is called "${raw}".`,
    noChannel: (option, raw) => `${option}: there is no channel "${raw}".`,
    noMoreOptions: (command, token) => `${command} takes no more options ("${token}").`,
    twice: (option) => `${option} is given twice.`,
    startsWithSlash: 'A command starts with "/".',
    unknownCommand: (command) => `Unknown command "${command}".`,
    chooseSubcommand: (command, choices) => `Choose what ${command} should do: ${choices}.`,
    missing: (option, description) => `${option} is required: ${description}.`,
  },
  de: {
    between: (min, max) => ` von ${min} bis ${max}`,
    atLeast: (min) => ` ab ${min}`,
    atMost: (max) => ` bis ${max}`,
    kinds: {
      [T.Integer]: 'eine ganze Zahl',
      [T.Number]: 'eine Zahl',
      [T.String]: 'Text',
      [T.Channel]: 'ein #Kanal',
      other: 'ein Wert',
    },
    required: 'Pflicht',
    noSuggestions: 'keine Vorschläge',
    notInRange: (option, range) => `${option}: Gib eine Zahl${range} an.`,
    notAChoice: (option, raw, choices) => `${option}: „${raw}“ ist keiner der Werte ${choices}.`,
    noValue: (option) => `${option}: Gib nach „${option}:“ einen Wert an.`,
    notWhole: (option, raw) => `${option}: „${raw}“ ist keine ganze Zahl.`,
    notANumber: (option, raw) => `${option}: „${raw}“ ist keine Zahl.`,
    notTrueOrFalse: (option) => `${option}: Antworte mit true oder false.`,
    nobody: (option, raw) => `${option}: Hier heißt niemand „${raw}“.`,
    noChannel: (option, raw) => `${option}: Einen Kanal „${raw}“ gibt es nicht.`,
    noMoreOptions: (command, token) => `${command} nimmt keine weiteren Optionen („${token}“).`,
    twice: (option) => `${option} ist doppelt angegeben.`,
    startsWithSlash: 'Ein Befehl beginnt mit „/“.',
    unknownCommand: (command) => `Unbekannter Befehl „${command}“.`,
    chooseSubcommand: (command, choices) => `Wähle, was ${command} tun soll: ${choices}.`,
    missing: (option, description) => `${option} fehlt: ${description}.`,
  },
  fr: {
    between: (min, max) => ` de ${min} à ${max}`,
    atLeast: (min) => ` d’au moins ${min}`,
    atMost: (max) => ` d’au plus ${max}`,
    kinds: {
      [T.Integer]: 'un nombre entier',
      [T.Number]: 'un nombre',
      [T.String]: 'du texte',
      [T.Channel]: 'un #salon',
      other: 'une valeur',
    },
    required: 'obligatoire',
    noSuggestions: 'aucune suggestion',
    notInRange: (option, range) => `${option} : donne un nombre${range}.`,
    notAChoice: (option, raw, choices) => `${option} : « ${raw} » n’est pas l’une des valeurs ${choices}.`,
    noValue: (option) => `${option} : donne une valeur après « ${option}: ».`,
    notWhole: (option, raw) => `${option} : « ${raw} » n’est pas un nombre entier.`,
    notANumber: (option, raw) => `${option} : « ${raw} » n’est pas un nombre.`,
    notTrueOrFalse: (option) => `${option} : réponds true ou false.`,
    nobody: (option, raw) => `${option} : personne ici ne s’appelle « ${raw} ».`,
    noChannel: (option, raw) => `${option} : il n’y a pas de salon « ${raw} ».`,
    noMoreOptions: (command, token) => `${command} ne prend pas d’autre option (« ${token} »).`,
    twice: (option) => `${option} figure deux fois.`,
    startsWithSlash: 'Une commande commence par « / ».',
    unknownCommand: (command) => `Commande inconnue : « ${command} ».`,
    chooseSubcommand: (command, choices) => `Choisis ce que doit faire ${command} : ${choices}.`,
    missing: (option, description) => `${option} est obligatoire : ${description}.`,
  },
  es: {
    between: (min, max) => ` de ${min} a ${max}`,
    atLeast: (min) => ` de al menos ${min}`,
    atMost: (max) => ` de como mucho ${max}`,
    kinds: {
      [T.Integer]: 'un número entero',
      [T.Number]: 'un número',
      [T.String]: 'texto',
      [T.Channel]: 'un #canal',
      other: 'un valor',
    },
    required: 'obligatorio',
    noSuggestions: 'sin sugerencias',
    notInRange: (option, range) => `${option}: tiene que ser un número${range}.`,
    notAChoice: (option, raw, choices) => `${option}: «${raw}» no es ninguno de ${choices}.`,
    noValue: (option) => `${option}: escribe un valor después de «${option}:».`,
    notWhole: (option, raw) => `${option}: «${raw}» no es un número entero.`,
    notANumber: (option, raw) => `${option}: «${raw}» no es un número.`,
    notTrueOrFalse: (option) => `${option}: responde true o false.`,
    nobody: (option, raw) => `${option}: aquí nadie se llama «${raw}».`,
    noChannel: (option, raw) => `${option}: no hay ningún canal «${raw}».`,
    noMoreOptions: (command, token) => `${command} no admite más opciones («${token}»).`,
    twice: (option) => `${option} aparece dos veces.`,
    startsWithSlash: 'Un comando empieza por «/».',
    unknownCommand: (command) => `Comando desconocido: «${command}».`,
    chooseSubcommand: (command, choices) => `Elige qué debe hacer ${command}: ${choices}.`,
    missing: (option, description) => `Falta ${option}: ${description}.`,
  },
};

/** The words for a reader in `locale` (English for none). */
export function commandLineWords(locale: Locale | undefined): CommandLineWords {
  return WORDS[languageOfLocale(locale)];
}

/** " from 2 to 6", " of at least 2": an option's range, or nothing. */
export function rangeOf(spec: OptionSpec, words: CommandLineWords): string {
  if (spec.minValue !== null && spec.maxValue !== null) return words.between(spec.minValue, spec.maxValue);
  if (spec.minValue !== null) return words.atLeast(spec.minValue);
  if (spec.maxValue !== null) return words.atMost(spec.maxValue);
  return '';
}
