// Runs before `npm start` and `npm test` (prestart, pretest), in whatever Node is first on the
// PATH, so it is plain JavaScript that any Node runs. npm puts node_modules/.bin first on the
// PATH of its scripts, and on Linux (x64, arm64) `npm install` puts Node 24 there (the optional
// packages node-linux-*): then this passes. Elsewhere, an older Node stops here with one line
// instead of an ERR_UNKNOWN_FILE_EXTENSION or "bad option" further on.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `EcoSouk needs Node.js 22.22 or newer, and this is ${process.version} (${process.execPath}): on Linux x64 or arm64 ` +
      '`npm install` brings Node 24 for the npm scripts; elsewhere install Node.js 24 from https://nodejs.org and run again.',
  );
  process.exit(1);
}
