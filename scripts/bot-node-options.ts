/**
 * The Node options every start of the bot passes to its process: the main thread starts with room for 128 MB of
 * old objects, and each heap grows by at most a fifth over what its last full collection kept
 * (docs/operations.md). package.json's start and start:prod give the same (test/package-scripts.test.ts).
 */
export const BOT_NODE_OPTIONS = ['--initial-old-space-size=128', '--heap-growing-percent=20'];
