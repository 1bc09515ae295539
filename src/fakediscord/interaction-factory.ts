import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type APIApplicationCommandOption,
  type APIInteraction,
  type APIInteractionDataResolved,
} from 'discord.js';
import type { FakeApp } from './app';
import type { InteractionInit, InteractionKind } from './interactions';
import { recordArray, type JsonRecord } from './json';
import { walkComponents } from './message-input';
import type { FakeChannel, FakeUser, MessageContent, StoredMessage } from './model';
import { hasPermissions } from './permissions';
import { apiChannel, apiMember, apiMessage, apiRole, apiUser } from './serialize';

export type OptionTypeName =
  'string' | 'integer' | 'number' | 'boolean' | 'user' | 'channel' | 'role' | 'mentionable';

export type OptionValue = string | number | boolean;

/** An option value; its type comes from the registered command, else from `type`, else from the JS value. */
export type OptionInput = OptionValue | { type: OptionTypeName; value: OptionValue };

type Ref<T extends { id: string }> = string | T;

export interface SlashCommandInput {
  user: Ref<FakeUser>;
  channel: Ref<FakeChannel>;
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionInput>;
  /**
   * A tampered client: the options are sent as given, without the checks Discord's client makes against the
   * registered command (type, choices, min/max, length, required). For tests of the bot's own validation.
   */
  forged?: boolean;
}

export interface AutocompleteInput extends SlashCommandInput {
  /** Name of the option being typed in. */
  focused: string;
  /** What the user typed so far. */
  value: string;
}

export interface ButtonInput {
  user: Ref<FakeUser>;
  /** The message the component is on (id or stored message). */
  messageId: Ref<StoredMessage>;
  customId: string;
  /**
   * The user's client still shows an earlier revision of the message (an index into `history`): the click is
   * checked against that revision's components, as with a stale board on a slow client.
   */
  seenRevision?: number;
  /**
   * A tampered client: the click is on the message's component `customId` but the interaction names this id
   * instead (what a modified client or a replayed request could send). For tests of the bot's own checks.
   */
  forgedCustomId?: string;
}

export interface SelectMenuInput extends ButtonInput {
  values: string[];
}

const TYPE_BY_NAME: Record<OptionTypeName, ApplicationCommandOptionType> = {
  string: ApplicationCommandOptionType.String,
  integer: ApplicationCommandOptionType.Integer,
  number: ApplicationCommandOptionType.Number,
  boolean: ApplicationCommandOptionType.Boolean,
  user: ApplicationCommandOptionType.User,
  channel: ApplicationCommandOptionType.Channel,
  role: ApplicationCommandOptionType.Role,
  mentionable: ApplicationCommandOptionType.Mentionable,
};

/** An option of `data.options` as Discord nests it. */
interface DataOption {
  name: string;
  type: ApplicationCommandOptionType;
  value?: OptionValue;
  options?: DataOption[];
  focused?: true;
}

interface Resolved {
  users: Record<string, unknown>;
  members: Record<string, unknown>;
  roles: Record<string, unknown>;
  channels: Record<string, unknown>;
}

export function idOf<T extends { id: string }>(ref: Ref<T>): string {
  return typeof ref === 'string' ? ref : ref.id;
}

/**
 * Builds INTERACTION_CREATE payloads the way Discord sends them for a guild text channel. Throws a plain Error
 * for anything a real Discord client would not let the user do (unknown channel, non-member, a missing
 * required option, a disabled button...), so broken tests fail loudly instead of timing out.
 */
export class InteractionFactory {
  private readonly syntheticCommandIds = new Map<string, string>();

  constructor(private readonly app: FakeApp) {}

  command(input: SlashCommandInput): InteractionInit {
    return this.commandLike(input, 'command', InteractionType.ApplicationCommand, null);
  }

  autocomplete(input: AutocompleteInput): InteractionInit {
    return this.commandLike(input, 'autocomplete', InteractionType.ApplicationCommandAutocomplete, {
      name: input.focused,
      value: input.value,
    });
  }

  button(input: ButtonInput): InteractionInit {
    return this.component(input, 'button', null);
  }

  selectMenu(input: SelectMenuInput): InteractionInit {
    return this.component(input, 'select', input.values);
  }

  private commandLike(
    input: SlashCommandInput,
    kind: InteractionKind,
    type: InteractionType,
    focused: { name: string; value: string } | null,
  ): InteractionInit {
    const userId = idOf(input.user);
    const base = this.base(type, userId, idOf(input.channel));
    if (!hasPermissions(BigInt(base.member.permissions), 'UseApplicationCommands')) {
      throw new Error(`FakeDiscord: user ${userId} may not use application commands in this channel`);
    }
    const data = this.commandData(input, base.guild_id, focused, BigInt(base.member.permissions));
    return this.init(kind, type, base, { data }, { commandName: input.name });
  }

  private component(input: ButtonInput, kind: 'button' | 'select', values: string[] | null): InteractionInit {
    const userId = idOf(input.user);
    const message = this.app.state.liveMessage(idOf(input.messageId));
    if (!message) {
      throw new Error(`FakeDiscord: message ${idOf(input.messageId)} does not exist (or was deleted)`);
    }
    if (message.visibleTo !== null && message.visibleTo !== userId) {
      throw new Error(`FakeDiscord: message ${message.id} is ephemeral and not visible to ${userId}`);
    }
    const shown = input.seenRevision === undefined ? message : message.history[input.seenRevision];
    if (!shown) throw new Error(`FakeDiscord: message ${message.id} has no revision ${input.seenRevision}`);
    const component = findComponent(message.id, shown, input.customId);
    const componentType = checkComponent(component, kind, values, input.customId);
    const base = this.base(InteractionType.MessageComponent, userId, message.channelId);
    const customId = input.forgedCustomId ?? input.customId;
    const data = { custom_id: customId, component_type: componentType, ...(values ? { values } : {}) };
    return this.init(
      kind,
      InteractionType.MessageComponent,
      base,
      { data, message: apiMessage(this.app.state, message) },
      {
        customId,
        values,
        componentMessageId: message.id,
      },
    );
  }

  private init(
    kind: InteractionKind,
    type: InteractionType,
    base: ReturnType<InteractionFactory['base']>,
    extra: JsonRecord,
    fields: Partial<Pick<InteractionInit, 'commandName' | 'customId' | 'values' | 'componentMessageId'>>,
  ): InteractionInit {
    return {
      id: base.id,
      kind,
      type,
      userId: base.member.user.id,
      channelId: base.channel_id,
      guildId: base.guild_id,
      commandName: fields.commandName ?? null,
      customId: fields.customId ?? null,
      values: fields.values ?? null,
      componentMessageId: fields.componentMessageId ?? null,
      // The JSON boundary: the payload is assembled from typed parts; discord-api-types' union is too fine-grained.
      payload: { ...base, ...extra } as unknown as APIInteraction,
    };
  }

  /** Fields every guild interaction carries. */
  private base(type: InteractionType, userId: string, channelId: string) {
    const { state, bot, applicationId, options } = this.app;
    const channel = state.findChannel(channelId);
    if (!channel) throw new Error(`FakeDiscord: unknown channel ${channelId}`);
    if (channel.type === ChannelType.GuildForum) {
      throw new Error(
        `FakeDiscord: forum channel ${channel.id} has no message box; use one of its posts (threads)`,
      );
    }
    const guild = state.guild(channel.guildId);
    const user = state.user(userId);
    const member = state.member(guild.id, userId);
    if (!member) throw new Error(`FakeDiscord: user ${userId} is not a member of guild ${guild.id}`);
    const permissions = state.channelPermissions(channel.id, userId);
    if (!hasPermissions(permissions, 'ViewChannel')) {
      throw new Error(`FakeDiscord: user ${userId} cannot see channel ${channel.id}`);
    }
    const { permission_overwrites: _overwrites, ...channelData } = apiChannel(channel);
    return {
      id: state.ids.next(),
      application_id: applicationId,
      type,
      token: '',
      version: 1 as const,
      guild: { id: guild.id, locale: guild.locale, features: [] },
      guild_id: guild.id,
      channel: { ...channelData, permissions: permissions.toString() },
      channel_id: channel.id,
      member: { ...apiMember(state, member), user: apiUser(user), permissions: permissions.toString() },
      locale: user.locale,
      guild_locale: guild.locale,
      app_permissions: state.channelPermissions(channel.id, bot.id).toString(),
      entitlements: [],
      authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: guild.id },
      context: InteractionContextType.Guild,
      attachment_size_limit: options.maxFileBytes,
    };
  }

  private commandData(
    input: SlashCommandInput,
    guildId: string,
    focused: { name: string; value: string } | null,
    userPermissions: bigint,
  ) {
    const registered = this.app.state.findCommand(input.name, guildId);
    const required = registered?.command.default_member_permissions;
    if (required && (BigInt(required) & userPermissions) !== BigInt(required)) {
      throw new Error(`FakeDiscord: /${input.name} needs permissions ${required} the user does not have`);
    }
    const { leaf, wrap } = this.nesting(input, registered?.command.options ?? null);
    const resolved: Resolved = { users: {}, members: {}, roles: {}, channels: {} };
    const options = wrap(this.leafOptions(input, leaf, focused, resolved, guildId));
    return {
      id: registered?.command.id ?? this.syntheticCommandId(input.name),
      name: input.name,
      type: ApplicationCommandType.ChatInput,
      ...(options.length > 0 ? { options } : {}),
      ...(hasResolved(resolved) ? { resolved: compactResolved(resolved) } : {}),
      ...(registered?.guildId ? { guild_id: registered.guildId } : {}),
    };
  }

  /** The schema of the options below the subcommand, and how to nest the leaf options into it. */
  private nesting(
    input: SlashCommandInput,
    schema: readonly APIApplicationCommandOption[] | null,
  ): { leaf: readonly APIApplicationCommandOption[] | null; wrap: (options: DataOption[]) => DataOption[] } {
    let leaf = schema;
    const descend = (name: string, type: ApplicationCommandOptionType): void => {
      if (leaf === null) return;
      const option = leaf.find((o) => o.name === name && o.type === type);
      if (!option) {
        throw new Error(`FakeDiscord: /${input.name} has no ${ApplicationCommandOptionType[type]} "${name}"`);
      }
      leaf =
        'options' in option && Array.isArray(option.options)
          ? (option.options as APIApplicationCommandOption[])
          : [];
    };
    if (input.subcommandGroup !== undefined) {
      descend(input.subcommandGroup, ApplicationCommandOptionType.SubcommandGroup);
    }
    if (input.subcommand !== undefined) descend(input.subcommand, ApplicationCommandOptionType.Subcommand);
    else if (leaf?.some((o) => o.type === ApplicationCommandOptionType.Subcommand)) {
      throw new Error(`FakeDiscord: /${input.name} needs a subcommand`);
    }
    const wrap = (options: DataOption[]): DataOption[] => {
      let nested = options;
      if (input.subcommand !== undefined) {
        nested = [{ name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options: nested }];
      }
      if (input.subcommandGroup !== undefined) {
        nested = [
          {
            name: input.subcommandGroup,
            type: ApplicationCommandOptionType.SubcommandGroup,
            options: nested,
          },
        ];
      }
      return nested;
    };
    return { leaf, wrap };
  }

  private leafOptions(
    input: SlashCommandInput,
    schema: readonly APIApplicationCommandOption[] | null,
    focused: { name: string; value: string } | null,
    resolved: Resolved,
    guildId: string,
  ): DataOption[] {
    const entries = Object.entries(input.options ?? {}).filter(([name]) => name !== focused?.name);
    const options = entries.map(([name, raw]) =>
      this.option(input.name, name, raw, input.forged ? null : schema, resolved, guildId),
    );
    if (focused) options.push(this.focusedOption(input.name, focused, schema));
    if (schema && !focused && !input.forged) {
      const missing = schema.filter(
        (o) => 'required' in o && o.required && !options.some((x) => x.name === o.name),
      );
      if (missing.length > 0) {
        throw new Error(`FakeDiscord: /${input.name} misses required option ${missing[0]?.name}`);
      }
    }
    return options;
  }

  private option(
    command: string,
    name: string,
    raw: OptionInput,
    schema: readonly APIApplicationCommandOption[] | null,
    resolved: Resolved,
    guildId: string,
  ): DataOption {
    const declared = schema?.find((o) => o.name === name);
    if (schema && !declared) throw new Error(`FakeDiscord: /${command} has no option "${name}"`);
    const value = typeof raw === 'object' ? raw.value : raw;
    const type = typeof raw === 'object' ? TYPE_BY_NAME[raw.type] : (declared?.type ?? inferType(value));
    if (declared) {
      const problem = clientRefusal(declared, value);
      if (problem)
        throw new Error(`FakeDiscord: Discord's client would not send /${command} ${name}: ${problem}`);
    }
    this.resolve(type, String(value), resolved, guildId);
    return { name, type, value };
  }

  private focusedOption(
    command: string,
    focused: { name: string; value: string },
    schema: readonly APIApplicationCommandOption[] | null,
  ): DataOption {
    const declared = schema?.find((o) => o.name === focused.name);
    if (schema && !declared) throw new Error(`FakeDiscord: /${command} has no option "${focused.name}"`);
    if (declared && !('autocomplete' in declared && declared.autocomplete)) {
      throw new Error(`FakeDiscord: option "${focused.name}" of /${command} has no autocomplete`);
    }
    return {
      name: focused.name,
      type: declared?.type ?? ApplicationCommandOptionType.String,
      value: focused.value,
      focused: true,
    };
  }

  /** Adds users/members/roles/channels referenced by an option to `resolved`, like Discord does. */
  private resolve(type: ApplicationCommandOptionType, id: string, resolved: Resolved, guildId: string): void {
    const { state } = this.app;
    const user = state.users.get(id);
    const role = state.roles.get(id);
    const wantsUser =
      type === ApplicationCommandOptionType.User || type === ApplicationCommandOptionType.Mentionable;
    const wantsRole =
      type === ApplicationCommandOptionType.Role || type === ApplicationCommandOptionType.Mentionable;
    if (wantsUser && user) {
      resolved.users[id] = apiUser(user);
      const member = state.member(guildId, id);
      if (member) {
        const { user: _user, ...memberData } = apiMember(state, member);
        resolved.members[id] = { ...memberData, permissions: state.guildPermissions(guildId, id).toString() };
      }
    } else if (wantsRole && role) {
      resolved.roles[id] = apiRole(role);
    } else if (type === ApplicationCommandOptionType.Channel) {
      const channel = state.findChannel(id);
      if (!channel) throw new Error(`FakeDiscord: unknown channel ${id} in a channel option`);
      const { id: channelId, name, type: channelType } = apiChannel(channel);
      resolved.channels[id] = { id: channelId, name, type: channelType, permissions: '0' };
    } else if (wantsUser || wantsRole) {
      throw new Error(`FakeDiscord: ${id} is no known ${ApplicationCommandOptionType[type]}`);
    }
  }

  private syntheticCommandId(name: string): string {
    const known = this.syntheticCommandIds.get(name);
    if (known) return known;
    const id = this.app.state.ids.next();
    this.syntheticCommandIds.set(name, id);
    return id;
  }
}

/** What Discord's client checks before it sends an option (it refuses to send the command otherwise). */
function clientRefusal(declared: APIApplicationCommandOption, value: OptionValue): string | null {
  const choices = 'choices' in declared ? declared.choices : undefined;
  if (choices && choices.length > 0 && !choices.some((c) => c.value === value)) return 'not a choice';
  const numeric =
    declared.type === ApplicationCommandOptionType.Integer ||
    declared.type === ApplicationCommandOptionType.Number;
  if (numeric) {
    if (typeof value !== 'number') return 'not a number';
    if (declared.type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))
      return 'not an integer';
    const { min_value: min, max_value: max } = declared as { min_value?: number; max_value?: number };
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) return 'out of range';
  }
  if (declared.type === ApplicationCommandOptionType.String) {
    if (typeof value !== 'string') return 'not a string';
    const { min_length: min, max_length: max } = declared as { min_length?: number; max_length?: number };
    if ((min !== undefined && value.length < min) || value.length > (max ?? 6000)) return 'wrong length';
  }
  if (declared.type === ApplicationCommandOptionType.Boolean && typeof value !== 'boolean')
    return 'not a boolean';
  return null;
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number') {
    return Number.isInteger(value)
      ? ApplicationCommandOptionType.Integer
      : ApplicationCommandOptionType.Number;
  }
  return ApplicationCommandOptionType.String;
}

function hasResolved(resolved: Resolved): boolean {
  return Object.values(resolved).some((entries) => Object.keys(entries).length > 0);
}

function compactResolved(resolved: Resolved): APIInteractionDataResolved {
  const result: JsonRecord = {};
  for (const [key, entries] of Object.entries(resolved)) {
    if (Object.keys(entries as JsonRecord).length > 0) result[key] = entries;
  }
  return result as APIInteractionDataResolved;
}

function findComponent(messageId: string, shown: MessageContent, customId: string): JsonRecord {
  let found: JsonRecord | undefined;
  walkComponents(shown.components as unknown as JsonRecord[], (component) => {
    if (component['custom_id'] === customId) found ??= component;
  });
  if (!found) throw new Error(`FakeDiscord: message ${messageId} has no component "${customId}"`);
  return found;
}

/** What a Discord client allows: right component type, enabled, and select values among the options. */
function checkComponent(
  component: JsonRecord,
  kind: 'button' | 'select',
  values: string[] | null,
  customId: string,
): number {
  const type = Number(component['type']);
  if (component['disabled'] === true) throw new Error(`FakeDiscord: component "${customId}" is disabled`);
  if (kind === 'button') {
    if (type !== ComponentType.Button) throw new Error(`FakeDiscord: component "${customId}" is no button`);
    return type;
  }
  if (type !== ComponentType.StringSelect) {
    throw new Error(`FakeDiscord: component "${customId}" is no string select`);
  }
  const allowed = recordArray(component['options']).map((o) => o['value']);
  const min = typeof component['min_values'] === 'number' ? component['min_values'] : 1;
  const max = typeof component['max_values'] === 'number' ? component['max_values'] : 1;
  const chosen = values ?? [];
  if (chosen.length < min || chosen.length > max) {
    throw new Error(`FakeDiscord: select "${customId}" takes ${min}..${max} values, got ${chosen.length}`);
  }
  const unknown = chosen.find((v) => !allowed.includes(v));
  if (unknown !== undefined) {
    throw new Error(`FakeDiscord: "${unknown}" is not an option of select "${customId}"`);
  }
  return type;
}
