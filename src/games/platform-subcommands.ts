/**
 * The platform's own subcommands of every game's command, in the order the command lists them (start and join
 * first, then the game's play commands and tools, then the others): a game's play command or tool may not take
 * these.
 */
export const PLATFORM_SUBCOMMANDS = [
  'start',
  'join',
  'status',
  'hand',
  'log',
  'rules',
  'leave',
  'end',
  'stats',
  'leaderboard',
  'history',
  'verify',
  'tournament',
] as const;
export type PlatformSubcommand = (typeof PLATFORM_SUBCOMMANDS)[number];
