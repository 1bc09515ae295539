/** /healthz's disk check on a fresh install: the backup folder (where a server database's check looks) may not exist yet. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskCheck } from '../../src/ops/health';

describe('the disk check', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hare-disk-'));
    dirs.push(dir);
    return dir;
  };

  it('is healthy for a folder that does not exist yet, measuring the disk it will be made on', async () => {
    const file = join(fresh(), 'data', 'backups', 'hare.db');
    expect(await diskCheck(file, 1).run()).toBeNull();
  });

  it('still turns red when that disk has less free space than wanted', async () => {
    const file = join(fresh(), 'not', 'there', 'hare.db');
    expect(await diskCheck(file, Number.MAX_SAFE_INTEGER).run()).toMatch(/^only \d+ MB free/);
  });
});
