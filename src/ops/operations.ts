/**
 * What runs beside the bot for its operator: the health and metrics port, scheduled backups, and the daily
 * housekeeping (stale outbox rows, the optional retention).
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Storage } from '../store/storage';
import { takeBackup, verifyInWorker } from './backups';
import { databaseCheck, diskCheck, gatewayCheck, overdueCheck } from './health';
import type { BotMetrics } from './metrics';
import { startOpsServer, type OpsServer } from './ops-server';

const HOUR_MS = 60 * 60_000;
const HOUSEKEEPING_MS = 24 * HOUR_MS;
/** The first housekeeping after a start: soon, but not in the busy minute of resuming every game. */
const FIRST_HOUSEKEEPING_MS = 5 * 60_000;

export interface OperationsInput {
  config: Config;
  storage: Storage;
  databaseFile: string;
  logger: Logger;
  metrics: BotMetrics | null;
  gatewayConnected: () => boolean;
  /** Late games and lobbies (GameService.overdueGames), for the health check. */
  overdueGames?: (olderThanMs: number) => { turns: number; lobbies: number };
  now?: () => number;
}

export interface Operations {
  /** The health and metrics address, when METRICS_PORT is set. */
  url: string | null;
  /** Prunes stale outbox rows and applies RETENTION_DAYS now (also run daily). */
  housekeeping(): Promise<void>;
  /** Takes a verified backup now (also run every BACKUP_INTERVAL_HOURS). */
  backup(): Promise<void>;
  close(): Promise<void>;
}

export async function startOperations(input: OperationsInput): Promise<Operations> {
  const { config, storage, logger } = input;
  const now = input.now ?? Date.now;
  const timers: NodeJS.Timeout[] = [];
  let server: OpsServer | null = null;
  if (config.METRICS_PORT !== undefined && input.metrics) {
    server = await startOpsServer({
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      metrics: input.metrics,
      checks: [
        gatewayCheck(input.gatewayConnected),
        databaseCheck(() => storage.maintenance.checkWritable()),
        diskCheck(input.databaseFile, config.HEALTH_MIN_FREE_MB),
        ...(input.overdueGames ? [overdueCheck(input.overdueGames)] : []),
      ],
    });
    logger.info(`health and metrics on ${server.url}/healthz and ${server.url}/metrics`);
  }

  const housekeeping = async () => {
    try {
      const pruned = await storage.maintenance.pruneOutbox(now());
      if (pruned > 0) logger.info(`housekeeping: ${pruned} outbox rows older than a week removed`);
      if (config.RETENTION_DAYS !== undefined) {
        const result = await storage.maintenance.applyRetention(now(), config.RETENTION_DAYS);
        logger.info(
          `retention (${config.RETENTION_DAYS} days): the moves of ${result.logsRemoved} finished games removed, ` +
            `${result.lobbiesDeleted} old cancelled lobbies deleted`,
        );
      }
    } catch (error) {
      logger.error('housekeeping failed', error);
    }
  };

  let backingUp = false;
  const backup = async () => {
    if (backingUp) return;
    backingUp = true;
    try {
      const result = await takeBackup({
        copyTo: (file) => storage.backupTo(file),
        databaseFile: input.databaseFile,
        dir: config.BACKUP_DIR,
        keep: config.BACKUP_KEEP,
        now: now(),
        verify: verifyInWorker,
      });
      if (result.failed > 0)
        logger.error(
          `backup ${result.file}: ${result.failed} games failed to verify`,
          result.failures.join('\n'),
        );
      else
        logger.info(`backup ${result.file}: ${result.verified} games verified`, undefined, {
          removed: result.removed,
        });
    } catch (error) {
      logger.error('backup failed', error);
    } finally {
      backingUp = false;
    }
  };

  const first = setTimeout(() => void housekeeping(), FIRST_HOUSEKEEPING_MS);
  timers.push(
    first,
    setInterval(() => void housekeeping(), HOUSEKEEPING_MS),
  );
  if (config.BACKUP_INTERVAL_HOURS > 0)
    timers.push(setInterval(() => void backup(), config.BACKUP_INTERVAL_HOURS * HOUR_MS));
  for (const timer of timers) timer.unref();

  return {
    url: server?.url ?? null,
    housekeeping,
    backup,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server?.close();
    },
  };
}
