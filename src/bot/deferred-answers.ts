/**
 * An interaction acknowledged by a deferral before its handler answered (./unheld-interactions.ts after a shard
 * handover, ./answer-in-time.ts near Discord's 3 s): the handler's answer continues that deferral.
 */
import {
  MessageFlags,
  type ChatInputCommandInteraction,
  type Message,
  type MessageComponentInteraction,
} from 'discord.js';
import { languageOfLocale, replyWords } from '../i18n/index';

type Options = Record<string, unknown>;
type Patched = Record<string, (options?: Options | string) => Promise<unknown>>;

const asOptions = (options: Options | string | undefined): Options =>
  typeof options === 'string' ? { content: options } : { ...options };

function ephemeralWanted(options: Options): boolean {
  const flags = options['flags'];
  return typeof flags === 'number' ? (flags & MessageFlags.Ephemeral) !== 0 : Boolean(options['ephemeral']);
}

/** A reply's options as a message's (or an edit's): no flags, nothing only an interaction response takes. */
function messageOptions(options: Options): Options {
  const { flags: _flags, ephemeral: _ephemeral, withResponse, fetchReply: _fetch, ...rest } = options;
  void withResponse;
  return rest;
}

/** What `reply({ withResponse: true })` resolves to, as far as the handlers read it. */
const response = (message: Message) => ({ resource: { message } });

/**
 * The handlers answer an interaction as a fresh one (reply, update, defer); this one was deferred already, so
 * each of those becomes what continues the deferral: for a command (deferred privately) a private answer edits
 * the deferral, a public one is posted in the channel, and an answer deferred publicly is given privately; for
 * a click (a deferred update) an update edits the clicked message, a reply is a follow-up, and a private answer
 * deferred by the handler is an ephemeral follow-up.
 */
export function answerAsIfFresh(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  /** The deferral, when it may still be on its way (./answer-in-time.ts): every answer waits for it. */
  deferral: Promise<unknown> = Promise.resolve(),
): void {
  const patched = interaction as unknown as Patched;
  const after =
    (name: string) =>
    async (options?: Options | string): Promise<unknown> => {
      await deferral;
      return (Object.getPrototypeOf(interaction) as Patched)[name]!.call(interaction, options);
    };
  const original = { editReply: after('editReply'), followUp: after('followUp') } as {
    editReply: (options: Options) => Promise<Message>;
    followUp: (options: Options) => Promise<Message>;
  };
  for (const name of ['editReply', 'followUp', 'deleteReply', 'fetchReply']) patched[name] = after(name);
  const post = async (options: Options): Promise<Message> => {
    const channel = await interaction.client.channels.fetch(interaction.channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${interaction.channelId} cannot receive messages`);
    return channel.send(messageOptions(options));
  };
  if (interaction.isChatInputCommand()) {
    const done = replyWords(languageOfLocale(interaction.locale))('confirm.done');
    // A public deferral asked for stays private: its answer (a tool's, statistics) goes to the reader only.
    patched['deferReply'] = async () => undefined;
    patched['reply'] = async (given) => {
      const options = asOptions(given);
      let message: Message;
      if (ephemeralWanted(options)) message = await original.editReply(messageOptions(options));
      else {
        message = await post(options);
        await original.editReply({ content: done, allowedMentions: { parse: [] } });
      }
      return options['withResponse'] ? response(message) : undefined;
    };
    return;
  }
  /** A private reply deferred by the handler: posted as an ephemeral follow-up, then edited. */
  let privateAnswer: Message | null | undefined;
  patched['deferUpdate'] = async () => undefined;
  patched['update'] = async (options) => original.editReply(asOptions(options));
  patched['reply'] = async (given) => {
    const options = asOptions(given);
    const message = await original.followUp(options);
    return options['withResponse'] ? response(message) : undefined;
  };
  patched['deferReply'] = async () => {
    privateAnswer = null;
  };
  patched['editReply'] = async (given) => {
    const options = asOptions(given);
    if (privateAnswer === undefined) return original.editReply(options);
    if (privateAnswer === null)
      return (privateAnswer = await original.followUp({ ...options, flags: MessageFlags.Ephemeral }));
    return original.editReply({ ...options, message: privateAnswer });
  };
}
