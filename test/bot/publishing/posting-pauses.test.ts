import { EventEmitter } from 'node:events';
import { DiscordAPIError, Events, RESTJSONErrorCodes, type Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { isPermanent } from '../../../src/bot/discord-errors';
import { GameFeed } from '../../../src/bot/publishing/game-feed';
import {
  PostingPauses,
  wakeOnPermissionChanges,
  type ChannelAccess,
} from '../../../src/bot/publishing/posting-pauses';
import { FakeClock } from '../../../src/service/index';
import { recordingLogger } from '../../support/recording-logger';
import { fakeGame, fakeUpdate, settle } from './fakes';

function discordError(code: number, status = 403) {
  return new DiscordAPIError({ code, message: 'refused' }, code, status, 'POST', '/channels/c/messages', {});
}
const missingAccess = discordError(RESTJSONErrorCodes.MissingAccess);
const archivedThread = discordError(RESTJSONErrorCodes.InvalidActionOnArchivedThread, 400);
const unknownChannel = discordError(RESTJSONErrorCodes.UnknownChannel, 404);

/** Channels where the bot has `access`, recording what it posts. */
function channelsWith(access: ChannelAccess) {
  const sent: string[] = [];
  return {
    sent,
    access,
    channels: {
      access: () => access,
      send: async (_channelId: string, content: string) => {
        sent.push(content);
        return `notice-${sent.length}`;
      },
    },
  };
}

const game = fakeGame({ id: 'g1', channelId: 'channel', guildId: 'guild' });

describe('posting pauses', () => {
  it('say what permission is missing, tell the channel once, and hand back the notice when they end', async () => {
    const { channels, sent } = channelsWith({ missing: ['Attach Files', 'Embed Links'], canWrite: true });
    const { logger, lines } = recordingLogger();
    const pauses = new PostingPauses(channels, logger);
    expect(pauses.reason('g1')).toBeNull();
    pauses.begin(game, missingAccess, false);
    pauses.begin(game, missingAccess, true);
    expect(pauses.reason('g1')).toBe('I am missing the permissions **Attach Files, Embed Links**');
    expect(lines.filter((line) => line.includes('posting paused'))).toHaveLength(1);
    await pauses.tell(game, 'Greed');
    await pauses.tell(game, 'Greed');
    expect(sent).toEqual([
      '⚠️ Greed is paused here: I am missing the permissions **Attach Files, Embed Links** in this channel. The game goes on by itself as soon as a server admin grants it.',
    ]);
    expect(pauses.end('g1')).toBe('notice-1');
    expect(pauses.reason('g1')).toBeNull();
    expect(pauses.end('g1')).toBeNull();
  });

  it('tell nobody when the bot cannot write in the channel', async () => {
    const { channels, sent } = channelsWith({ missing: ['Send Messages'], canWrite: false });
    const pauses = new PostingPauses(channels, recordingLogger().logger);
    pauses.begin(game, missingAccess, false);
    await pauses.tell(game, 'Greed');
    expect(sent).toEqual([]);
    expect(pauses.end('g1')).toBeNull();
  });

  it('name a closed thread and a lost channel', () => {
    const { channels } = channelsWith({ missing: [], canWrite: false });
    const pauses = new PostingPauses(channels, recordingLogger().logger);
    pauses.begin(game, archivedThread, false);
    pauses.begin(fakeGame({ id: 'g2' }), unknownChannel, false);
    pauses.begin(fakeGame({ id: 'g3' }), missingAccess, false);
    expect(['g1', 'g2', 'g3'].map((id) => pauses.reason(id))).toEqual([
      'the thread is archived or locked',
      'the channel is gone',
      'I have no access to the channel',
    ]);
  });

  it('wake the games of a channel (and of its threads) or of a server whose permissions changed', () => {
    const client = Object.assign(new EventEmitter(), {
      channels: {
        cache: new Map([
          ['thread', { isThread: () => true, parentId: 'channel' }],
          ['channel', { isThread: () => false }],
        ]),
      },
    });
    const games = [
      fakeGame({ id: 'in-channel', channelId: 'channel', guildId: 'guild' }),
      fakeGame({ id: 'in-thread', channelId: 'thread', guildId: 'guild' }),
      fakeGame({ id: 'elsewhere', channelId: 'other', guildId: 'other-guild' }),
    ];
    const woken: string[][] = [];
    const stop = wakeOnPermissionChanges(client as unknown as Client, (where) =>
      woken.push(games.filter(where).map((g) => g.id)),
    );
    client.emit(Events.ChannelUpdate, { id: 'channel' });
    client.emit(Events.ThreadUpdate, {}, { id: 'thread' });
    client.emit(Events.GuildRoleUpdate, { guild: { id: 'other-guild' } });
    stop();
    client.emit(Events.ChannelUpdate, { id: 'channel' });
    expect(woken).toEqual([['in-channel', 'in-thread'], ['in-thread'], ['elsewhere']]);
  });

  it('pause a feed on missing access and resume it on a permission change', async () => {
    const clock = new FakeClock(0);
    const { channels, sent } = channelsWith({ missing: ['Attach Files'], canWrite: true });
    const pauses = new PostingPauses(channels, recordingLogger().logger);
    const attempts: string[] = [];
    let refuse = true;
    const feed = new GameFeed(
      clock,
      { recentLines: 6, retryMs: 100, maxRetryMs: 1000, pausedRetryMs: 600_000 },
      {
        async flush() {
          attempts.push(`at ${clock.now()}`);
          try {
            if (refuse) throw missingAccess;
            pauses.end(game.id);
            return 'published';
          } catch (error) {
            if (!isPermanent(error)) return 'failed';
            pauses.begin(game, error, feed.paused);
            await pauses.tell(game, 'Greed');
            return 'paused';
          }
        },
        earlierLines: async () => [],
        settled: () => {},
        finished: () => {},
        crashed: () => {},
      },
    );
    const client = Object.assign(new EventEmitter(), { channels: { cache: new Map() } });
    wakeOnPermissionChanges(client as unknown as Client, (where) => {
      if (where(game)) feed.wake();
    });
    feed.offer(fakeUpdate(), 0);
    await clock.advance(0);
    await settle();
    expect(feed.state).toBe('paused');
    expect(pauses.reason(game.id)).toBe('I am missing the permission **Attach Files**');
    expect(sent).toHaveLength(1);
    await clock.advance(60_000);
    await settle();
    expect(attempts, 'nothing is tried while access is missing').toEqual(['at 0']);
    refuse = false;
    client.emit(Events.ChannelUpdate, { id: 'channel' });
    await clock.advance(0);
    await settle();
    expect(attempts).toEqual(['at 0', 'at 60000']);
    expect(feed.state).toBe('idle');
    expect(pauses.reason(game.id)).toBeNull();
  });
});
