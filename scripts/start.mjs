// `npm start`: builds the pages and the server (`npm run build`, a few seconds) and starts the
// production server. Building every time keeps `npm install && npm start` a single, always-fresh
// path. Plain JavaScript, as the server it starts (decision 0050): a .ts file here would load
// Node's TypeScript parser into the server's process for good.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('The build failed; see the messages above.');
  process.exit(build.status ?? 1);
}
// package.json's imports give the compiled modules under the ecosouk-compiled condition, which `npm start` sets.
await import('../build/node/server/main.js');
