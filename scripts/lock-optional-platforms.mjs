// The npm registry reachable here does not carry every platform build of @napi-rs/canvas, so `npm install`
// leaves those optional packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds lock entries (os/cpu/libc only) for the missing platform builds; npm skips them on other platforms
// and never downloads them here. Run it after changing dependencies: node scripts/lock-optional-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));

function platformOf(suffix) {
  const [os, cpu, abi] = suffix.split('-');
  const entry = { os: [os], cpu: [cpu] };
  if (abi === 'musl') entry.libc = ['musl'];
  if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const meta of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const match = /^@napi-rs\/canvas-(.+)$/.exec(name);
    if (!match || lock.packages[key]) continue;
    const { os, cpu, libc } = platformOf(match[1]);
    lock.packages[key] = {
      version,
      cpu,
      ...(libc ? { libc } : {}),
      optional: true,
      os,
      engines: meta.engines,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entr${added === 1 ? 'y' : 'ies'} to package-lock.json`);
