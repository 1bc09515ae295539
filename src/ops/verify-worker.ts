/** Replays every game of a database copy (a backup) away from the bot's main thread; answers a BackupVerdict. */
import { parentPort, workerData } from 'node:worker_threads';
import { GAMES } from '../games/index';
import { verifyDatabase } from '../service/verify';
import type { BackupVerdict } from './backups';

const report = await verifyDatabase((workerData as { file: string }).file, GAMES);
const verdict: BackupVerdict = {
  verified: report.verified,
  failed: report.failed,
  failures: report.lines.filter((line) => !line.startsWith('ok')),
};
parentPort?.postMessage(verdict);
