// Which text namespaces a route can render, read from its source: the route's module and
// its ancestors', and every module of app/ and common/ they import, transitively. A module
// uses a namespace when it names it in `useTranslation(…)` or `withNamespace(…)`, or writes
// a key `ns:…` in a string. Over-counting is safe (a page gets a namespace it may not
// show); what this cannot see is a namespace built at run time, which the translator's
// check at render time (i18n.ts, `strictNamespaces`) catches in the end-to-end tests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NAMESPACES } from '../../app/i18n/messages.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALIASES: Record<string, string> = { '#i18n': 'app/i18n/react.tsx', '#errors': 'common/errors.ts' };
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const NS = new Set<string>(NAMESPACES);

function resolve(from: string, spec: string): string | undefined {
  let target: string;
  if (ALIASES[spec]) target = path.join(ROOT, ALIASES[spec]);
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  else return undefined;
  if (!target.startsWith(path.join(ROOT, 'app')) && !target.startsWith(path.join(ROOT, 'common'))) return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const perFile = new Map<string, { ns: Set<string>; imports: string[] }>();

function scan(file: string) {
  let entry = perFile.get(file);
  if (entry) return entry;
  const source = readFileSync(file, 'utf8');
  // The text files themselves name every namespace; they are data, not users.
  const isTexts = file.includes(`${path.sep}i18n${path.sep}`) && !file.endsWith('react.tsx') && !file.endsWith('i18n.ts');
  const ns = new Set<string>();
  if (!isTexts) {
    for (const call of source.matchAll(/(?:useTranslation|withNamespace)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
      for (const [, name = ''] of (call[1] ?? '').matchAll(/['"](\w+)['"]/g)) if (NS.has(name)) ns.add(name);
    }
    for (const [, name = ''] of source.matchAll(/['"`](\w+):[\w.$]/g)) if (NS.has(name)) ns.add(name);
    // `t('key')` without a namespace and `useTranslation()` read `common`.
    if (/useTranslation\(\s*\)|translatorFor\(/.test(source)) ns.add('common');
  }
  const imports: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const resolved = resolve(file, m[1] ?? m[2] ?? '');
    if (resolved && !resolved.includes(`${path.sep}i18n${path.sep}locales`) && !resolved.includes(`${path.sep}i18n${path.sep}namespaces`)) imports.push(resolved);
  }
  entry = { ns, imports };
  perFile.set(file, entry);
  return entry;
}

/** The namespaces that the modules `files` (relative to the repository) and their imports name. */
export function namespacesUsed(files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = files.map((f) => path.join(ROOT, f));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { ns, imports } = scan(file);
    for (const n of ns) found.add(n);
    stack.push(...imports);
  }
  return found;
}
