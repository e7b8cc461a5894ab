// `npm start`: builds the pages (a few seconds) and starts the production server.
// Building every time keeps `npm install && npm start` a single, always-fresh path.
import { spawnSync } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const build = spawnSync(npx, ['react-router', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('The build failed; see the messages above.');
  process.exit(build.status ?? 1);
}
await import('../server/main.ts');
