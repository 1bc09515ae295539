import { z } from 'zod';
import type { FakeDiscord, RecordedInteraction } from '../fakediscord/index';
import { LANGUAGES } from '../i18n/index';
import type { Logger } from '../logger';
import { CommandLineError, isCommandLine, parseCommandLine, type ParseContext } from './command-line';
import { suggest, type AutocompleteRequest, type SuggestContext } from './command-suggestions';
import type { Choice } from './command-tree';
import { HttpAnswer, refuse } from './http-json';
import type { SandboxLanguages } from './languages';
import { displayName } from './page-view';
import type { SandboxWorld } from './world';

/**
 * What a player does on the sandbox page, passed on to the fake Discord as that player: a chat message or a
 * typed slash command (a real interaction), the suggestions while typing, a click on a component, and the
 * language settings. Each takes the request's JSON body and answers with a status and JSON.
 */

/** Discord shows "The application did not respond" when nothing came back within its 3 s deadline. */
const NO_RESPONSE = 'The application did not respond';

const sendSchema = z.object({
  channelId: z.string(),
  userId: z.string(),
  text: z.string().min(1).max(4000),
});
const suggestSchema = z.object({ channelId: z.string(), userId: z.string(), text: z.string().max(4000) });
const languageSchema = z.union([
  z.object({ userId: z.string(), language: z.enum(LANGUAGES) }),
  z.object({ server: z.literal(true), language: z.enum(LANGUAGES) }),
]);
const componentSchema = z.object({
  userId: z.string(),
  messageId: z.string(),
  customId: z.string(),
  values: z.array(z.string()).max(25).optional(),
});

/** The fake's injection errors start with "FakeDiscord: "; the page shows the rest. */
function fakeErrorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^FakeDiscord: /, '');
}

export class PageActions {
  constructor(
    private readonly fake: FakeDiscord,
    private readonly world: SandboxWorld,
    private readonly languages: SandboxLanguages,
    private readonly logger: Logger,
  ) {}

  /** null when both are the sandbox's; otherwise the refusal. */
  checkViewer(channelId: string, userId: string): HttpAnswer | null {
    if (!this.world.channels.some((c) => c.id === channelId)) return refuse(400, 'Unknown channel.');
    if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
    return null;
  }

  /** A player's language (the locale of their interactions) or the server's (a new lobby's language). */
  setLanguage(body: unknown): HttpAnswer {
    const input = languageSchema.safeParse(body);
    if (!input.success) return refuse(400, 'Expected { userId, language } or { server: true, language }.');
    const { language } = input.data;
    if ('userId' in input.data) {
      const { userId } = input.data;
      if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
      this.languages.set({ userId }, language);
    } else {
      this.languages.set({ server: true }, language);
    }
    return new HttpAnswer(200, { ok: true, languages: this.languages.view() });
  }

  async send(body: unknown): Promise<HttpAnswer> {
    const input = sendSchema.safeParse(body);
    if (!input.success) return refuse(400, 'Expected { channelId, userId, text }.');
    const { channelId, userId, text } = input.data;
    const unknown = this.checkViewer(channelId, userId);
    if (unknown) return unknown;
    if (!isCommandLine(text)) {
      if (text.length > 2000) return refuse(400, 'A message has at most 2000 characters.');
      const message = this.fake.postUserMessage({ user: userId, channel: channelId, content: text });
      return new HttpAnswer(200, { ok: true, messageId: message.id });
    }
    try {
      const command = parseCommandLine(text, this.parseContext(userId));
      const interaction = this.fake.slashCommand({ user: userId, channel: channelId, ...command });
      return await this.outcomeOf(interaction);
    } catch (error) {
      if (error instanceof CommandLineError) return refuse(400, error.message);
      return refuse(400, fakeErrorText(error));
    }
  }

  async suggest(body: unknown): Promise<HttpAnswer> {
    const input = suggestSchema.safeParse(body);
    if (!input.success) return refuse(400, 'Expected { channelId, userId, text }.');
    const { channelId, userId, text } = input.data;
    const unknown = this.checkViewer(channelId, userId);
    if (unknown) return unknown;
    const context: SuggestContext = {
      ...this.parseContext(userId),
      users: this.world.users,
      autocomplete: (request) => this.askBot(userId, channelId, request),
    };
    return new HttpAnswer(200, { ok: true, ...(await suggest(text, context)) });
  }

  /** A real autocomplete interaction: the bot computes the choices. */
  private async askBot(userId: string, channelId: string, request: AutocompleteRequest): Promise<Choice[]> {
    try {
      return await this.fake.autocomplete({
        user: userId,
        channel: channelId,
        ...request.command,
        focused: request.focused,
        value: request.value,
      });
    } catch (error) {
      this.logger.debug('sandbox: autocomplete got no answer', fakeErrorText(error));
      return [];
    }
  }

  async component(body: unknown): Promise<HttpAnswer> {
    const input = componentSchema.safeParse(body);
    if (!input.success) return refuse(400, 'Expected { userId, messageId, customId, values? }.');
    const { userId, messageId, customId, values } = input.data;
    if (!this.world.users.some((u) => u.id === userId)) return refuse(400, 'Unknown user.');
    try {
      const interaction = values
        ? this.fake.selectMenu({ user: userId, messageId, customId, values })
        : this.fake.clickButton({ user: userId, messageId, customId });
      return await this.outcomeOf(interaction, 'This interaction failed');
    } catch (error) {
      // The page showed a component the message no longer has (or a deleted message): Discord's client would
      // only say the interaction failed. The page refreshes its messages; the details go to the log.
      this.logger.debug(`stale click refused: ${fakeErrorText(error)}`);
      return new HttpAnswer(200, { ok: false, error: 'This interaction failed', stale: true });
    }
  }

  private async outcomeOf(interaction: RecordedInteraction, failure = NO_RESPONSE): Promise<HttpAnswer> {
    try {
      const outcome = await this.fake.waitForResponse(interaction);
      return new HttpAnswer(200, { ok: true, type: outcome.type, messageId: outcome.message?.id ?? null });
    } catch {
      return new HttpAnswer(200, { ok: false, error: failure });
    }
  }

  /** The registered commands as `userId` reads them (in their locale), and how to read mentions. */
  private parseContext(userId: string): ParseContext {
    const { state } = this.fake;
    const guildId = this.world.guildId;
    const commands = [...this.fake.commands(guildId), ...this.fake.commands(null)];
    return {
      commands,
      locale: state.user(userId).locale ?? null,
      resolveUser: (text: string) => {
        const mention = /^<@!?(\d+)>$/.exec(text)?.[1];
        if (mention || /^\d{15,22}$/.test(text))
          return state.member(guildId, mention ?? text) ? (mention ?? text) : null;
        const name = text.replace(/^@/, '').toLowerCase();
        const member = state
          .guildMembers(guildId)
          .find(
            (m) =>
              displayName(state, guildId, m.userId).toLowerCase() === name ||
              state.users.get(m.userId)?.username.toLowerCase() === name,
          );
        return member?.userId ?? null;
      },
      resolveChannel: (text: string) => {
        const id = /^<#(\d+)>$/.exec(text)?.[1] ?? text;
        const name = text.replace(/^#/, '');
        return state.guildChannels(guildId).find((c) => c.id === id || c.name === name)?.id ?? null;
      },
    };
  }
}
