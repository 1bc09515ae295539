/**
 * The fake refuses what Discord refuses, so a bot that passes here does not fail on the real platform:
 * allowed_mentions (validated, and who a message actually pings), command registration limits, component rules,
 * 30046 on edits of messages older than an hour, the 25 MiB request limit, and privileged intents.
 */
import { DiscordAPIError, RESTJSONErrorCodes, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FakeDiscord } from '../../src/fakediscord/index';
import { startHarness, stopHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => stopHarness(h));

const channel = () => h.setup.channel.id;
const post = (body: Record<string, unknown>) =>
  h.client.rest.post(Routes.channelMessages(channel()), { body }) as Promise<{ id: string }>;

async function refusal(request: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await request.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
}

/** The 50035 error's field paths ("a.0.b") and codes. */
function formErrors(error: DiscordAPIError): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors')
        for (const item of value as { code: string }[]) found.push(`${path.join('.')}:${item.code}`);
      else walk(value, [...path, key]);
    }
  };
  walk((error.rawError as { errors?: unknown }).errors, []);
  return found;
}

describe('allowed_mentions', () => {
  it('pings only what it allows, and nothing on an edit', async () => {
    const alice = h.fake.addUser({ username: 'alice', guilds: [h.setup.guild.id] });
    const bob = h.fake.addUser({ username: 'bob', guilds: [h.setup.guild.id] });
    const content = `<@${alice.id}> and <@${bob.id}>`;
    const all = await post({ content });
    expect(h.fake.message(all.id)?.pinged.users).toEqual([alice.id, bob.id]);
    const onlyBob = await post({ content, allowed_mentions: { users: [bob.id] } });
    expect(h.fake.message(onlyBob.id)?.pinged.users).toEqual([bob.id]);
    const none = await post({ content: `${content} @everyone`, allowed_mentions: { parse: [] } });
    expect(h.fake.message(none.id)?.pinged).toEqual({ users: [], roles: [], everyone: false });
    expect(h.fake.message(none.id)?.mentionIds).toEqual([alice.id, bob.id]);
    await h.client.rest.patch(Routes.channelMessage(channel(), none.id), {
      body: { content: `<@${alice.id}>`, allowed_mentions: { parse: ['users'] } },
    });
    expect(h.fake.message(none.id)?.pinged.users).toEqual([]);
  });

  it('refuses a bad allowed_mentions with 50035', async () => {
    const both = await refusal(post({ content: 'x', allowed_mentions: { parse: ['users'], users: ['1'] } }));
    expect(both.code).toBe(RESTJSONErrorCodes.InvalidFormBodyOrContentType);
    expect(formErrors(both)).toContain('allowed_mentions.parse:MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE');
    const unknown = await refusal(post({ content: 'x', allowed_mentions: { parse: ['channels'] } }));
    expect(formErrors(unknown)).toContain('allowed_mentions.parse.0:BASE_TYPE_CHOICES');
    const many = await refusal(
      post({ content: 'x', allowed_mentions: { users: Array.from({ length: 101 }, (_, i) => String(i)) } }),
    );
    expect(formErrors(many)).toContain('allowed_mentions.users:BASE_TYPE_MAX_LENGTH');
  });
});

describe('components', () => {
  const select = (extra: Record<string, unknown>, options = [{ label: 'A', value: 'a' }]) => ({
    content: 'x',
    components: [{ type: 1, components: [{ type: 3, custom_id: 's', options, ...extra }] }],
  });

  it('refuses a long placeholder, bad value counts, duplicate or empty option values', async () => {
    const long = await refusal(post(select({ placeholder: 'p'.repeat(151) })));
    expect(formErrors(long)).toContain('components.0.components.0.placeholder:BASE_TYPE_MAX_LENGTH');
    const counts = await refusal(post(select({ min_values: 2, max_values: 1 })));
    expect(formErrors(counts)).toContain(
      'components.0.components.0.min_values:SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX',
    );
    const tooMany = await refusal(post(select({ max_values: 2 })));
    expect(formErrors(tooMany)).toContain(
      'components.0.components.0.max_values:SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS',
    );
    const twice = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'a' },
    ];
    const duplicated = await refusal(post(select({}, twice)));
    expect(formErrors(duplicated)).toContain(
      'components.0.components.0.options.1.value:SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
    );
    const empty = await refusal(post(select({}, [{ label: '', value: 'a' }])));
    expect(formErrors(empty)).toContain('components.0.components.0.options.0.label:BASE_TYPE_REQUIRED');
    await expect(post(select({ placeholder: 'Pick one', max_values: 1 }))).resolves.toBeTruthy();
  });

  it('refuses a button without a label or emoji, and a link button with a custom id', async () => {
    const row = (button: Record<string, unknown>) => ({
      content: 'x',
      components: [{ type: 1, components: [button] }],
    });
    const bare = await refusal(post(row({ type: 2, style: 1, custom_id: 'b' })));
    expect(formErrors(bare)).toContain('components.0.components.0:BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED');
    const link = await refusal(
      post(row({ type: 2, style: 5, label: 'L', url: 'https://x.test', custom_id: 'l' })),
    );
    expect(formErrors(link)).toContain(
      'components.0.components.0.custom_id:BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
    );
    await expect(
      post(row({ type: 2, style: 1, custom_id: 'e', emoji: { name: '🎲' } })),
    ).resolves.toBeTruthy();
  });
});

describe('command registration', () => {
  const put = (commands: unknown[]) =>
    h.client.rest.put(Routes.applicationGuildCommands(h.fake.applicationId, h.setup.guild.id), {
      body: commands,
    });
  const command = (extra: Record<string, unknown> = {}) => ({
    name: 'game',
    description: 'A game',
    ...extra,
  });

  it('keeps contexts and integration types, and refuses bad ones', async () => {
    const [saved] = (await put([command({ contexts: [0], integration_types: [0] })])) as {
      contexts: number[];
      integration_types: number[];
    }[];
    expect(saved).toMatchObject({ contexts: [0], integration_types: [0] });
    const bad = await refusal(put([command({ contexts: [3], integration_types: [2] })]));
    expect(formErrors(bad)).toEqual(
      expect.arrayContaining(['0.contexts.0:ENUM_TYPE_COERCE', '0.integration_types.0:ENUM_TYPE_COERCE']),
    );
  });

  it('refuses long choices, unknown option types, subcommands mixed with options, and over 8,000 characters', async () => {
    const longChoice = await refusal(
      put([
        command({
          options: [
            { type: 3, name: 'o', description: 'd', choices: [{ name: 'n'.repeat(101), value: 'v' }] },
          ],
        }),
      ]),
    );
    expect(formErrors(longChoice)).toContain('0.options.0.choices.0.name:BASE_TYPE_BAD_LENGTH');
    const longValue = await refusal(
      put([
        command({
          options: [
            { type: 3, name: 'o', description: 'd', choices: [{ name: 'n', value: 'v'.repeat(101) }] },
          ],
        }),
      ]),
    );
    expect(formErrors(longValue)).toContain('0.options.0.choices.0.value:BASE_TYPE_MAX_LENGTH');
    const badType = await refusal(put([command({ options: [{ type: 99, name: 'o', description: 'd' }] })]));
    expect(formErrors(badType)).toContain('0.options.0.type:BASE_TYPE_CHOICES');
    const mixed = await refusal(
      put([
        command({
          options: [
            { type: 1, name: 'sub', description: 'd' },
            { type: 3, name: 'o', description: 'd' },
          ],
        }),
      ]),
    );
    expect(formErrors(mixed)).toContain('0.options:APPLICATION_COMMAND_OPTIONS_TYPE_INVALID');
    const choices = Array.from({ length: 25 }, (_, i) => ({
      name: `${i}`.padEnd(100, 'x'),
      value: `${i}`.padEnd(100, 'y'),
    }));
    const subs = Array.from({ length: 2 }, (_, i) => ({
      type: 1,
      name: `sub${i}`,
      description: 'd',
      options: [{ type: 3, name: 'o', description: 'd', choices }],
    }));
    const huge = await refusal(put([command({ options: subs })]));
    expect(formErrors(huge)).toContain('0:APPLICATION_COMMAND_TOO_LARGE');
  });

  it('keeps valid localisations and refuses bad ones (locale, name rules, lengths, clashes)', async () => {
    const [saved] = (await put([
      command({
        name_localizations: { de: 'spiel', fr: 'jeu', 'es-ES': 'juego' },
        description_localizations: { de: 'Ein Spiel' },
        options: [
          {
            type: 3,
            name: 'level',
            name_localizations: { de: 'stufe' },
            description: 'd',
            description_localizations: { de: 'Stufe' },
            choices: [{ name: 'Easy', name_localizations: { de: 'Leicht' }, value: 'easy' }],
          },
        ],
      }),
    ])) as { name_localizations: Record<string, string> }[];
    expect(saved!.name_localizations).toEqual({ de: 'spiel', fr: 'jeu', 'es-ES': 'juego' });
    const bad = await refusal(
      put([
        command({
          name_localizations: { de: 'Großes Spiel', xx: 'x' },
          description_localizations: { fr: 'd'.repeat(101) },
          options: [
            { type: 3, name: 'one', name_localizations: { de: 'zahl' }, description: 'd' },
            { type: 3, name: 'two', name_localizations: { de: 'zahl' }, description: 'd' },
            {
              type: 3,
              name: 'three',
              description: 'd',
              choices: [{ name: 'x', name_localizations: { de: '' }, value: 'x' }],
            },
          ],
        }),
      ]),
    );
    expect(formErrors(bad)).toEqual(
      expect.arrayContaining([
        '0.name_localizations.de:APPLICATION_COMMAND_INVALID_NAME',
        '0.name_localizations.xx:ENUM_TYPE_COERCE',
        '0.description_localizations.fr:BASE_TYPE_BAD_LENGTH',
        '0.options.1.name:APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        '0.options.2.choices.0.name_localizations.de:BASE_TYPE_BAD_LENGTH',
      ]),
    );
  });

  it('refuses more than 100 chat commands in one scope', async () => {
    const many = Array.from({ length: 101 }, (_, i) => command({ name: `game${i}` }));
    const error = await refusal(put(many));
    expect(formErrors(error)).toContain(':BASE_TYPE_MAX_LENGTH');
  });
});

describe('messages and requests', () => {
  it('refuses edits of a message older than an hour with 30046', async () => {
    const message = await post({ content: 'old' });
    h.fake.ageMessage(message.id, 61 * 60_000);
    const error = await refusal(
      h.client.rest.patch(Routes.channelMessage(channel(), message.id), { body: { content: 'new' } }),
    );
    expect(error.code).toBe(RESTJSONErrorCodes.MaximumNumberOfEditsToMessagesOlderThanOneHourReached);
  });

  it('refuses a request body over 25 MiB with 413', async () => {
    const response = await fetch(`${h.fake.apiUrl}/v10/channels/${channel()}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bot fake-token' },
      body: JSON.stringify({ content: 'x', padding: 'p'.repeat(25 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: number }).code).toBe(RESTJSONErrorCodes.RequestEntityTooLarge);
  });

  it('refuses a malformed multipart body with 50035, and bad JSON in payload_json with 50109', async () => {
    const send = (body: string) =>
      fetch(`${h.fake.apiUrl}/v10/channels/${channel()}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data', authorization: 'Bot fake-token' },
        body,
      });
    const noBoundary = await send(
      '--x\r\ncontent-disposition: form-data; name="payload_json"\r\n\r\n{}\r\n--x--',
    );
    expect(noBoundary.status).toBe(400);
    expect(((await noBoundary.json()) as { code: number }).code).toBe(
      RESTJSONErrorCodes.InvalidFormBodyOrContentType,
    );
    const badJson = await fetch(`${h.fake.apiUrl}/v10/channels/${channel()}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: 'Bot fake-token' },
      body: '--x\r\ncontent-disposition: form-data; name="payload_json"\r\n\r\n{"content":\r\n--x--\r\n',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { code: number }).code).toBe(
      RESTJSONErrorCodes.RequestBodyContainsInvalidJSON,
    );
  });

  it('takes a multipart message with its file intact', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'with a file', attachments: [{ id: 0 }] }));
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    form.append('files[0]', new Blob([bytes], { type: 'image/png' }), 'board.png');
    const response = await fetch(`${h.fake.apiUrl}/v10/channels/${channel()}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bot fake-token' },
      body: form,
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const attachment = h.fake.message(id)!.attachments[0]!;
    expect(attachment.filename).toBe('board.png');
    expect(attachment.contentType).toBe('image/png');
    expect(Buffer.from(attachment.data).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('privileged intents', () => {
  async function identify(fake: FakeDiscord, intents: number): Promise<number | 'ready'> {
    const ws = new WebSocket(fake.gatewayUrl);
    return new Promise((resolve, reject) => {
      ws.on('message', (raw) => {
        const payload = JSON.parse(String(raw)) as { op: number; t?: string };
        if (payload.op === 10)
          ws.send(JSON.stringify({ op: 2, d: { token: 'fake-token', intents, properties: {} } }));
        if (payload.t === 'READY') {
          resolve('ready');
          ws.close();
        }
      });
      ws.on('close', (code) => resolve(code));
      ws.on('error', reject);
    });
  }

  it('closes an IDENTIFY asking for a privileged intent the application lacks with 4014', async () => {
    const messageContent = 1 << 15;
    const guilds = 1;
    expect(await identify(h.fake, guilds | messageContent)).toBe(4014);
    expect(await identify(h.fake, guilds)).toBe('ready');
    const enabled = new FakeDiscord({ privilegedIntents: ['MessageContent'] });
    enabled.addGuild({ name: 'Open' });
    await enabled.start();
    try {
      expect(await identify(enabled, guilds | messageContent)).toBe('ready');
    } finally {
      await enabled.stop();
    }
  });
});
