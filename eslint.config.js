import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PURE_GLOBALS = ['Date', 'setTimeout', 'setInterval', 'process', 'console', 'fetch', 'performance'];
const PURE_PROPERTIES = [
  { object: 'Math', property: 'random', message: 'Games use the seeded generator kept in their state.' },
];
const DISCORD_ONLY_IN_BOT = {
  group: ['discord.js', '@discordjs/*'],
  message: 'discord.js belongs to the bot layer (src/bot, commands) only.',
};

/** One import style: a relative import names the module without an extension ('./x', './folder/index'). */
const ONE_IMPORT_STYLE = {
  regex: '^\\.{1,2}/.*\\.[cm]?[jt]s$',
  message: "Import './x' (or './folder/index'), without an extension, as every module does.",
};

const GAME_INTERNALS = {
  regex: 'games/(?!(index|contract|registry|options)$|draw/|kit/)',
  message: 'The core imports a game only through src/games/index.ts (the registry) and the contract.',
};

/** The bot's imports: no command files, no store (its records and rating maths are the service's). */
const BOT_IMPORTS = [
  ONE_IMPORT_STYLE,
  GAME_INTERNALS,
  { group: ['**/commands/*'], message: 'commands/ imports the bot, not the other way round.' },
  {
    group: ['**/store', '**/store/*', '**/store/**'],
    message: 'The bot never reads the store: the service (src/service/index.ts) gives its records and views.',
  },
  {
    group: ['**/service/views', '**/service/observed', '**/service/game-service'],
    message: 'The bot sees games through the service gate (src/service/index.ts: ServiceGate, seatView).',
  },
];

/** Secrets pass one gate: the bot is given views (PublicView, seatView), never a raw state to observe itself. */
const RAW_SERVICE = {
  group: ['**/service/index'],
  importNames: ['stateSeenBy', 'eventsSeenBy', 'GameService'],
  message:
    'The bot gets views from the service gate (ServiceGate, seatView), never a raw state or GameService.',
};

const OBSERVED_ONLY_IN_SERVICE = [
  {
    selector: "CallExpression[callee.object.property.name='rules'][callee.property.name=/^observe(Event)?$/]",
    message: 'Only the service observes a state (src/service/observed.ts); the bot is given views.',
  },
];

/** What a game's rules and computer players may import: the contract, the pure kit and their own files. */
const PURE_GAME_IMPORTS = [
  ONE_IMPORT_STYLE,
  DISCORD_ONLY_IN_BOT,
  {
    group: [
      'node:*',
      'fs',
      'path',
      'os',
      'worker_threads',
      'better-sqlite3',
      '@napi-rs/canvas',
      'ws',
      'dotenv',
    ],
    message: 'Rules and computer players are pure: no I/O, no canvas, no database.',
  },
  {
    group: [
      '**/draw/*',
      '**/render/*',
      '**/store/*',
      '**/service/*',
      '**/bot/*',
      '**/workers/*',
      '**/sandbox/*',
    ],
    message: 'Rules and computer players import only the contract, the kit and their own folder.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'coverage/', 'test-artifacts/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Storage is asynchronous on both engines: a promise nobody waits for is a write that may be lost, or a
    // failure nobody hears of (in a test: an assertion that never ran). These rules read the types.
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'commands/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The blocks below that restrict imports further repeat this pattern (a later block replaces the rule).
      'no-restricted-imports': ['error', { patterns: [ONE_IMPORT_STYLE] }],
    },
  },
  {
    // The core knows games only through the contract and the registry; discord.js lives in the bot layer.
    files: ['src/{store,service,workers,ops}/**/*.ts', 'src/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ONE_IMPORT_STYLE, GAME_INTERNALS, DISCORD_ONLY_IN_BOT] },
      ],
    },
  },
  {
    // The arena (outside programs against the built-in players) is a tool over the games, the service's pure
    // parts and the workers: no Discord, no bot, no game's internals.
    files: ['src/arena/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ONE_IMPORT_STYLE,
            GAME_INTERNALS,
            DISCORD_ONLY_IN_BOT,
            {
              group: ['**/bot/*', '**/fakediscord/*', '**/sandbox/*', '**/commands/*'],
              message: 'The arena uses the games, the service and the workers, never the bot.',
            },
          ],
        },
      ],
    },
  },
  {
    // The local fake Discord and the sandbox page over it speak Discord's wire format (its API types): they
    // are the other side of the wire, so they may use discord.js' types, but no game's internals.
    files: ['src/{fakediscord,sandbox}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONE_IMPORT_STYLE, GAME_INTERNALS] }] },
  },
  {
    // The bot never imports the command files (commands/ imports the bot: no cycle), nor the store, and it sees
    // games only through the service's gate (src/service/gate.ts): views, never a raw state.
    files: ['src/bot/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...BOT_IMPORTS, RAW_SERVICE] }],
      'no-restricted-syntax': ['error', ...OBSERVED_ONLY_IN_SERVICE],
    },
  },
  {
    // bot.ts alone takes the GameService it is started with, to wrap it in the gate the rest of the bot uses.
    files: ['src/bot/bot.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...BOT_IMPORTS, { ...RAW_SERVICE, importNames: ['stateSeenBy', 'eventsSeenBy'] }] },
      ],
    },
  },
  {
    files: ['commands/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONE_IMPORT_STYLE, GAME_INTERNALS] }] },
  },
  {
    // A game module: the contract, the kit, the shared drawing helpers and its own folder; never the core.
    files: ['src/games/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ONE_IMPORT_STYLE,
            DISCORD_ONLY_IN_BOT,
            {
              group: [
                '**/store/*',
                '**/service/*',
                '**/bot/*',
                '**/workers/*',
                '**/sandbox/*',
                '**/fakediscord/*',
              ],
              message: 'A game module imports only the contract, the kit and the shared drawing helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every game's rules and computer players are pure.
    files: [
      'src/games/kit/**/*.ts',
      'src/games/contract.ts',
      'src/games/rules-contract.ts',
      'src/games/presentation-contract.ts',
      'src/games/options.ts',
      'src/games/*/rules/**/*.ts',
      'src/games/*/computer/**/*.ts',
      'src/games/*/simulate.ts',
      'src/games/*/rules.ts',
      'src/games/*/computer.ts',
      'src/games/*/engine/**/*.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', ...PURE_GLOBALS],
      'no-restricted-properties': ['error', ...PURE_PROPERTIES],
      'no-restricted-imports': ['error', { patterns: PURE_GAME_IMPORTS }],
    },
  },
  {
    // The sandbox page's scripts are browser ES modules: a browser needs the extension in an import.
    files: ['src/sandbox/public/**/*.js'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
