import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageButton, PageMessage } from '../../src/sandbox/page-view';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import {
  EventStream,
  getMessages,
  messageOf,
  postJson,
  startStack,
  userId,
  type SandboxStack,
} from './helpers';

const CHANNEL = SANDBOX_IDS.channels.raceTrack;

function componentsOf(message: PageMessage) {
  return message.components.flatMap((row) => row.components);
}

function button(message: PageMessage, label: string): PageButton {
  const found = componentsOf(message).find((c): c is PageButton => c.kind === 'button' && c.label === label);
  if (!found?.customId) throw new Error(`no button ${label} on message ${message.id}`);
  return found;
}

/** A live Hare board's one control under the standard rules (the moves and their costs are private). */
function chooseYourMove(message: PageMessage): PageButton | undefined {
  return componentsOf(message).find(
    (c): c is PageButton => c.kind === 'button' && c.label === 'Choose your move',
  );
}

async function openLobby(stack: SandboxStack, stream: EventStream, text: string): Promise<PageMessage> {
  const sent = await postJson(stack, '/api/send', {
    channelId: CHANNEL,
    userId: userId(stack, 'Alice'),
    text,
  });
  expect(sent.body).toMatchObject({ ok: true });
  const event = await stream.waitFor((e) => messageOf(e)?.embeds[0]?.titleHtml.includes('new game') === true);
  return messageOf(event)!;
}

describe('the sandbox server: page API and live stream over the fake Discord', () => {
  let stack: SandboxStack;
  let alice: string;
  let bob: string;
  beforeEach(async () => {
    stack = await startStack();
    alice = userId(stack, 'Alice');
    bob = userId(stack, 'Bob');
  });
  afterEach(async () => {
    await stack.close({ removeFiles: true });
  });

  it('turns a typed /hare start into a real slash command and streams the lobby; a click joins Bob', async () => {
    const world = await (await fetch(new URL('/api/world', stack.sandbox.pageUrl))).json();
    expect(world.guild.id).toBe(SANDBOX_IDS.guild);
    // The page's hints name the games the bot registered, not one game written into the page.
    expect(world.startCommands).toEqual([
      '/hare start',
      '/greed start',
      '/candyland start',
      '/hedgehogs start',
    ]);
    expect(world.users.map((u: { name: string }) => u.name)).toEqual(['Alice', 'Bob', 'Carol', 'Dana']);

    const stream = await EventStream.open(stack, CHANNEL, alice);
    const lobby = await openLobby(
      stack,
      stream,
      '/hare start seats:3 speed:fast computer-level:novice turn-limit:3',
    );
    const command = stack.sandbox.fake.interactions.find((i) => i.kind === 'command');
    expect(command?.userId).toBe(alice);
    expect(command?.channelId).toBe(CHANNEL);
    expect(JSON.stringify(command?.payload)).toContain('"name":"start"');
    expect(lobby.command).toEqual({ userName: 'Alice', name: 'hare start' });
    expect(lobby.embeds[0]?.descriptionHtml).toContain('<span class="mention mention-user">@Alice</span>');
    expect(lobby.embeds[0]?.descriptionHtml).toContain('3 runners');

    const join = button(lobby, 'Join');
    const clicked = await postJson(stack, '/api/component', {
      userId: bob,
      messageId: lobby.id,
      customId: join.customId,
    });
    expect(clicked.body).toMatchObject({ ok: true, type: 7 });
    const updated = await stream.waitFor(
      (e) => messageOf(e)?.id === lobby.id && messageOf(e)!.embeds[0]!.fields[0]!.valueHtml.includes('@Bob'),
    );
    expect(messageOf(updated)?.editedAt).not.toBeNull();
    stream.close();
  });

  it('shows a private reply only to the user it is for, in the list and on the live stream', async () => {
    const aliceStream = await EventStream.open(stack, CHANNEL, alice);
    const bobStream = await EventStream.open(stack, CHANNEL, bob);
    const sent = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: '/hare status',
    });
    expect(sent.body).toMatchObject({ ok: true });
    const reply = messageOf(await aliceStream.waitFor((e) => messageOf(e)?.ephemeral === true))!;
    expect(reply.html).toContain('There is no game in this channel');

    const said = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: bob,
      text: 'good luck, Alice',
    });
    expect(said.body).toMatchObject({ ok: true });
    // Bob's own chat line arrives after the private reply was streamed, so the reply would have come first.
    await bobStream.waitFor((e) => messageOf(e)?.html === 'good luck, Alice');
    expect(bobStream.events.some((e) => messageOf(e)?.id === reply.id)).toBe(false);
    expect((await getMessages(stack, CHANNEL, bob)).map((m) => m.id)).not.toContain(reply.id);
    expect((await getMessages(stack, CHANNEL, alice)).map((m) => m.id)).toContain(reply.id);
    aliceStream.close();
    bobStream.close();
  });

  it('suggests subcommands and options, asks the bot for /hare move squares, plays them and serves the board', async () => {
    const stream = await EventStream.open(stack, CHANNEL, alice);
    const suggest = async (text: string) =>
      (await postJson(stack, '/api/suggest', { channelId: CHANNEL, userId: alice, text })).body as {
        items: { label: string; text: string | null }[];
        complete: boolean;
      };
    expect((await suggest('/hare mo')).items.map((i) => i.label)).toEqual(['/hare move']);
    const options = await suggest('/hare start sp');
    expect(options.items[0]).toMatchObject({ label: 'speed', text: '/hare start speed:' });
    expect((await suggest('/hare start speed:f')).items.map((i) => i.text)).toEqual([
      '/hare start speed:fast ',
    ]);

    const lobby = await openLobby(stack, stream, '/hare start seats:2 speed:fast computer-level:novice');
    await postJson(stack, '/api/component', {
      userId: alice,
      messageId: lobby.id,
      customId: button(lobby, 'Start').customId,
    });
    const boardEvent = await stream.waitFor((e) => {
      const message = messageOf(e);
      return message !== null && message.embeds[0]?.image !== null && chooseYourMove(message) !== undefined;
    });
    const board = messageOf(boardEvent)!;
    // The page gives the board the description the bot wrote for screen readers, not just its title.
    const stored = stack.sandbox.fake.message(board.id)!.attachments.find((a) => a.filename === 'board.png');
    expect(stored?.description).toBeTruthy();
    expect(board.embeds[0]?.image?.alt).toBe(stored?.description);

    const squares = await suggest('/hare move square:');
    const autocomplete = stack.sandbox.fake.interactions.filter((i) => i.kind === 'autocomplete');
    expect(autocomplete.length).toBeGreaterThan(0);
    expect(autocomplete.at(-1)?.userId).toBe(alice);
    expect(squares.items.length).toBeGreaterThan(0);
    expect(
      squares.items.every((i) => /^\d+ · /.test(i.label) && i.text?.startsWith('/hare move square:')),
    ).toBe(true);
    expect(squares.items[0]?.label).toMatch(/costs \d+/);
    // A value typed without its option name goes to the next option: the bot is asked about square "1".
    const positional = await suggest('/hare move 1');
    const asked = stack.sandbox.fake.interactions.filter((i) => i.kind === 'autocomplete').at(-1);
    expect(JSON.stringify(asked?.payload)).toContain('"value":"1","focused":true');
    expect(positional.items.every((i) => i.text?.startsWith('/hare move square:'))).toBe(true);

    const played = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: squares.items[0]!.text!,
    });
    expect(played.body).toMatchObject({ ok: true });
    await stream.waitFor((e) => messageOf(e)?.id === board.id && messageOf(e)?.editedAt !== null);

    const image = await fetch(new URL(board.embeds[0]!.image!.url, stack.sandbox.pageUrl));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    stream.close();
  });

  it('refuses malformed commands with a reason and sends nothing to the bot; plain text becomes a chat message', async () => {
    const before = stack.sandbox.fake.interactions.length;
    const missing = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: '/hare move',
    });
    expect(missing).toMatchObject({ status: 400, body: { ok: false } });
    expect(missing.body.error).toMatch(/square is required/);
    const unknown = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: '/hare fly',
    });
    expect(unknown.body.error).toMatch(/Choose what \/hare should do/);
    const badChoice = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: '/hare start speed:warp',
    });
    expect(badChoice.body.error).toMatch(/"warp" is not one of fast, normal, slow/);
    const stranger = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: '123456789012345678',
      text: '/hare log',
    });
    expect(stranger.status).toBe(400);
    expect(stack.sandbox.fake.interactions.length).toBe(before);

    const chat = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: 'hello **there**',
    });
    expect(chat.body).toMatchObject({ ok: true });
    const stored = stack.sandbox.fake.message(String(chat.body.messageId));
    expect(stored?.authorId).toBe(alice);
    const [view] = await getMessages(stack, CHANNEL, alice);
    expect(view?.html).toBe('hello <strong>there</strong>');
  });

  it('streams deletions, so a message removed on the fake Discord disappears from the page', async () => {
    const stream = await EventStream.open(stack, CHANNEL, bob);
    const chat = await postJson(stack, '/api/send', { channelId: CHANNEL, userId: alice, text: 'oops' });
    const id = String(chat.body.messageId);
    await stream.waitFor((e) => messageOf(e)?.id === id);
    stack.sandbox.fake.deleteMessage(id);
    const deleted = await stream.waitFor((e) => e.event === 'delete');
    expect(deleted.data).toEqual({ id });
    expect(await getMessages(stack, CHANNEL, bob)).toEqual([]);
    stream.close();
  });

  it('resumes after a restart: fixed ids, the channel history comes back and its lobby still answers', async () => {
    const stream = await EventStream.open(stack, CHANNEL, alice);
    const lobby = await openLobby(stack, stream, '/hare start seats:2');
    stream.close();
    const gameId = (await stack.service.findActiveGameInChannel(CHANNEL))?.id;
    expect(gameId).toBeDefined();
    await stack.close();

    stack = await startStack({ dir: stack.dir });
    expect(stack.sandbox.restoredMessages).toBeGreaterThan(0);
    expect((await stack.service.findActiveGameInChannel(CHANNEL))?.id).toBe(gameId);
    const [restored] = await getMessages(stack, CHANNEL, bob);
    expect(restored?.id).toBe(lobby.id);
    expect(restored?.embeds[0]?.titleHtml).toContain('new game');
    // The reply keeps its "Alice used /hare start" line: the command it answers is saved with it.
    expect(restored?.command).toEqual({ userName: 'Alice', name: 'hare start' });
    const clicked = await postJson(stack, '/api/component', {
      userId: bob,
      messageId: lobby.id,
      customId: button(restored!, 'Join').customId,
    });
    expect(clicked.body).toMatchObject({ ok: true, type: 7 });
    expect((await stack.service.getGame(gameId!))?.seats.map((s) => s.userId)).toEqual([alice, bob]);
  });
});

describe('a click on a message the page shows out of date', () => {
  it('fails quietly as Discord would, never with internal text, and asks the page to refresh', async () => {
    const stack = await startStack();
    try {
      const alice = userId(stack, 'Alice');
      const sent = await postJson(stack, '/api/send', { channelId: CHANNEL, userId: alice, text: 'hello' });
      expect(sent.body).toMatchObject({ ok: true });
      const [message] = await getMessages(stack, CHANNEL, alice);
      const clicked = await postJson(stack, '/api/component', {
        userId: alice,
        messageId: message!.id,
        customId: 'hare:lobby:123:join',
      });
      expect(clicked).toMatchObject({
        status: 200,
        body: { ok: false, error: 'This interaction failed', stale: true },
      });
      expect(JSON.stringify(clicked.body)).not.toMatch(/has no component|hare:lobby/);
    } finally {
      await stack.close({ removeFiles: true });
    }
  });
});

describe('emoji in the page', () => {
  it('come from a font the sandbox serves itself (no system emoji font needed)', async () => {
    const stack = await startStack();
    try {
      const css = await fetch(new URL('/emoji/emoji.css', stack.sandbox.pageUrl));
      expect(css.headers.get('content-type')).toMatch(/text\/css/);
      const text = await css.text();
      expect(text).toContain("font-family: 'Noto Emoji'");
      const file = /url\((\/emoji\/files\/[\w.-]+\.woff2)\)/.exec(text)?.[1];
      expect(file).toBeDefined();
      const font = await fetch(new URL(file!, stack.sandbox.pageUrl));
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect((await fetch(new URL('/emoji/files/../../package.json', stack.sandbox.pageUrl))).status).toBe(
        404,
      );
      const page = await (await fetch(stack.sandbox.pageUrl)).text();
      expect(page).toContain('href="/emoji/emoji.css"');
      // A generic family ends a stack: fonts after it may never be tried.
      const style = await (await fetch(new URL('/style.css', stack.sandbox.pageUrl))).text();
      const stacks = [...style.matchAll(/(?:font-family|--font|--mono):([^;]+);/g)]
        .map((m) => m[1]!.split(',').map((name) => name.trim().replace(/['"]/g, '')))
        .filter((names) => !names[0]!.startsWith('var('));
      expect(stacks.length).toBeGreaterThanOrEqual(2);
      for (const names of stacks) {
        expect(names.at(-1)).toMatch(/^(sans-serif|serif|monospace)$/);
        expect(names.at(-2)).toBe('Noto Emoji');
      }
    } finally {
      await stack.close({ removeFiles: true });
    }
  });
});
