// The Chromium the browser tests drive (Playwright's own download cannot work here): the
// system one when there is one, else the one the npm package @sparticuz/chromium ships,
// which `findChromium()` unpacks into the temporary folder on first use.
// E2E_NO_SYSTEM_CHROMIUM=1 ignores the system one (how a machine without it is tested).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Where @sparticuz/chromium unpacks its binary (it reuses it when it is there).
const UNPACKED = path.join(os.tmpdir(), 'chromium');

const MISSING =
  'No Chromium found. Run `npm install` (it brings one in @sparticuz/chromium), install one ' +
  '(Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome binary.';

function systemCandidates(): string[] {
  if (process.env.E2E_NO_SYSTEM_CHROMIUM === '1') return [];
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
}

/** A Chromium that is ready to launch now: CHROME_PATH, the system one, or the npm one already unpacked. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, ...systemCandidates(), UNPACKED];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    throw new Error(`${MISSING} (\`npm run test:e2e\` unpacks the npm one.)`);
  }
  return found;
}

/** Like chromiumPath(), but unpacks the npm package's Chromium (~7 s, once) when there is no other. */
export async function findChromium(): Promise<string> {
  let executable: string;
  try {
    executable = chromiumPath();
  } catch {
    console.log(`No system Chromium: unpacking the one of @sparticuz/chromium into ${os.tmpdir()}`);
    executable = await (await npmChromium()).default.executablePath();
  }
  if (executable === UNPACKED && !starts(executable)) {
    // A machine that never had a browser may lack NSS and expat, the only libraries this build
    // needs besides libc. The package carries them (for Amazon Linux); they serve here too, through
    // LD_LIBRARY_PATH, which the browser inherits from this process.
    const { inflate, setupLambdaEnvironment } = await npmChromium();
    const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve(NPM_CHROMIUM))), '..', 'bin');
    await inflate(path.join(bin, 'al2023.tar.br'));
    setupLambdaEnvironment(path.join(os.tmpdir(), 'al2023', 'lib'));
    if (!starts(executable)) throw new Error(`${executable} does not start here. ${MISSING}`);
  }
  return executable;
}

// The little of @sparticuz/chromium used here, typed by hand and imported by a name in a variable:
// checkouts whose node_modules predate the package still type-check, and only the fallback needs it.
interface NpmChromium {
  default: { executablePath(): Promise<string> };
  inflate(file: string): Promise<string>;
  setupLambdaEnvironment(libraryDir: string): void;
}
const NPM_CHROMIUM = '@sparticuz/chromium';

async function npmChromium(): Promise<NpmChromium> {
  try {
    return (await import(NPM_CHROMIUM)) as NpmChromium;
  } catch {
    throw new Error(MISSING);
  }
}

function starts(executable: string): boolean {
  return spawnSync(executable, ['--version'], { stdio: 'ignore' }).status === 0;
}
