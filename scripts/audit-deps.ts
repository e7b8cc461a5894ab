// `npm run audit:deps`: `npm audit` with a gate — exits 1 when any dependency has a high or
// critical advisory that is not written down below with its reason. When the advisory
// service cannot be reached (this project's build machines only see the registry's package
// files), it says so and exits 0, or 1 with --strict.
import { spawnSync } from 'node:child_process';

/** Advisories we knowingly live with: id → why. Keep docs/security.md in step. */
const ACCEPTED: Record<string, string> = {};

interface AuditJson {
  error?: { code?: string; summary?: string };
  /** npm prints the failed HTTP exchange itself when the service refuses the request. */
  message?: string;
  vulnerabilities?: Record<string, { severity: string; via: (string | { source?: number; url?: string; title?: string; severity?: string })[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
}

const strict = process.argv.includes('--strict');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['audit', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report: AuditJson;
try {
  report = JSON.parse(run.stdout || '{}') as AuditJson;
} catch {
  report = { error: { summary: (run.stderr || run.stdout || 'no output').trim().split('\n').at(-1) } };
}

if (report.error || !report.metadata) {
  const why = report.error?.summary || report.error?.code || report.message || 'no report';
  console.warn(`npm audit could not reach the advisory service (${why}); dependencies were not checked.`);
  process.exit(strict ? 1 : 0);
}

const counts = report.metadata.vulnerabilities ?? {};
console.log(`npm audit: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => v.severity === 'high' || v.severity === 'critical');
const unexplained = serious.flatMap(([name, v]) =>
  v.via
    .filter((via): via is { url?: string; title?: string } => typeof via === 'object')
    .filter((via) => !(via.url && ACCEPTED[via.url]))
    .map((via) => `${name} (${v.severity}): ${via.title ?? '?'} ${via.url ?? ''}`),
);
for (const [url, reason] of Object.entries(ACCEPTED)) console.log(`accepted: ${url} — ${reason}`);
if (unexplained.length > 0) {
  console.error(`High or critical advisories without a written exception:\n${unexplained.map((u) => `  - ${u}`).join('\n')}`);
  process.exit(1);
}
console.log('No high or critical advisory without a written exception.');
