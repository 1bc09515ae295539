import 'dotenv/config';
import { loadConfig } from '../src/config';
import { commands } from '../commands/index';
import { deployCommands } from '../src/bot/deploy';
import { noArguments } from './args';

noArguments('npm run deploy-commands');

const config = loadConfig();
if (!config.DISCORD_TOKEN || !config.DISCORD_CLIENT_ID) {
  console.error('deploy-commands needs DISCORD_TOKEN and DISCORD_CLIENT_ID in .env (see .env.example).');
  process.exit(1);
}
const result = await deployCommands({
  commands,
  token: config.DISCORD_TOKEN,
  clientId: config.DISCORD_CLIENT_ID,
  guildId: config.DISCORD_GUILD_ID,
  api: config.DISCORD_API_URL,
});
console.log(`Registered ${result.count} command(s) (${result.scope}).`);
if (result.scope === 'global') console.log('Global commands can take a while to appear in every server.');
