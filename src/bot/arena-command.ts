/**
 * `/arena`: the server's player tokens for outside programs (docs/players-protocol.md, "Play from anywhere").
 * `token` and `revoke` are for members who can manage the server; every answer is private, and a token is shown
 * once, in the answer to the manager who issued it. The service owns the tokens (src/service/arena-tokens.ts).
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type LocalizationMap,
} from 'discord.js';
import {
  catalogueWords,
  COMMANDS_CATALOGUE,
  DISCORD_LOCALES,
  LANGUAGES,
  languageOfLocale,
  replyWords,
} from '../i18n/index';
import type { Command } from './command';
import type { BotContext } from './context';
import { answerSafely, replyPrivately, sentenceRefusal } from './respond';

const NAME_LENGTH = 32;

/** Each Discord locale's words for `key` of the commands catalogue (`arena.…`), English left out. */
function localized(key: string): LocalizationMap {
  const map: Record<string, string> = {};
  for (const language of LANGUAGES)
    for (const locale of DISCORD_LOCALES[language])
      map[locale] = catalogueWords(COMMANDS_CATALOGUE, language)(key);
  return map as LocalizationMap;
}

interface Localizable<T> {
  setName(name: string): T;
  setNameLocalizations(map: LocalizationMap): T;
  setDescription(text: string): T;
  setDescriptionLocalizations(map: LocalizationMap): T;
}

/** Names and describes a part of the command (`base`: its key in the commands catalogue) in every language. */
function words<T extends Localizable<T>>(builder: T, base: string): T {
  const english = catalogueWords(COMMANDS_CATALOGUE, 'en');
  return builder
    .setName(english(`${base}.name`))
    .setNameLocalizations(localized(`${base}.name`))
    .setDescription(english(`${base}.description`))
    .setDescriptionLocalizations(localized(`${base}.description`));
}

export function buildArenaCommand() {
  const command = words(new SlashCommandBuilder(), 'arena')
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  for (const sub of ['token', 'revoke'] as const)
    command.addSubcommand((subcommand) =>
      words(subcommand, `arena.subcommands.${sub}`).addStringOption((option) =>
        words(option, `arena.subcommands.${sub}.options.name`).setRequired(true).setMaxLength(NAME_LENGTH),
      ),
    );
  command.addSubcommand((subcommand) => words(subcommand, 'arena.subcommands.list'));
  return command;
}

async function handleArena(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const t = replyWords(languageOfLocale(interaction.locale));
  const guildId = interaction.guildId;
  if (!guildId) throw sentenceRefusal('refusal.arenaServerOnly');
  const tokens = context.service.arenaTokens;
  const sub = interaction.options.getSubcommand();
  // Privately, also after a deferral (an interaction held while this process took the server's shard).
  const reply = (content: string) => replyPrivately(interaction, content);
  if (sub === 'list') {
    const entries = await tokens.list(guildId);
    if (entries.length === 0) return void (await reply(t('arena.listEmpty')));
    const lines = entries.map(
      (entry) => `• 🤖 **${entry.name}** — ${t(entry.connected ? 'arena.connected' : 'arena.notConnected')}`,
    );
    const off = tokens.enabled ? [] : ['', t('arena.off')];
    return void (await reply([t('arena.list'), ...lines, ...off].join('\n')));
  }
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw sentenceRefusal('refusal.arenaManagersOnly');
  const name = interaction.options.getString('name', true);
  if (sub === 'token') {
    const issued = await tokens.issue(guildId, name, interaction.user.id);
    const off = tokens.enabled ? '' : `\n\n${t('arena.off')}`;
    try {
      await reply(`${t('arena.issued', { name: issued.name, token: issued.token })}${off}`);
    } catch (error) {
      // Nobody saw the token: it is revoked, and the failure is reported without discord.js's error, whose
      // request body holds the token.
      await tokens.revoke(guildId, issued.name).catch(() => {});
      const code = (error as { code?: unknown }).code;
      throw new Error(`the private answer with a new player token failed (${String(code)}); it was revoked`);
    }
    return;
  }
  const revoked = await tokens.revoke(guildId, name);
  await reply(t('arena.revoked', { name: revoked.name }));
}

export const arenaCommand: Command = {
  data: buildArenaCommand(),
  execute: (interaction, context) =>
    answerSafely(interaction, context.logger, () => handleArena(interaction, context)),
};
