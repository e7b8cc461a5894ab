// Who may import whom (docs/architecture.md, "Who may import whom"). Every import of the
// source folders is read and resolved; a forbidden one fails with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['app', 'server', 'db', 'common'] as const;
type Folder = (typeof FOLDERS)[number];

// An import is a path, or paths by condition (decision 0050): the source files are the default's.
const packageImports = Object.fromEntries(
  Object.entries((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string | { default: string }> }).imports).map(([name, target]) => [
    name,
    typeof target === 'string' ? target : target.default,
  ]),
);

export interface Import {
  file: string;
  line: number;
  specifier: string;
  /** `import type` / `export type`: erased before anything runs. */
  typeOnly: boolean;
}

/** Static, re-export, side-effect and dynamic imports of one module's source. */
export function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  const patterns = [
    /(?:^|[\n;])\s*(import|export)\s+(type\s+)?[^'";]*?\s+from\s*['"]([^'"]+)['"]/g,
    /(?:^|[\n;])\s*(import)()\s*['"]([^'"]+)['"]/g,
    /\b(import)()\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      found.push({ file, line: lineAt(match.index + match[0].indexOf(match[1]!)), specifier: match[3]!, typeOnly: Boolean(match[2]) });
    }
  }
  return found;
}

/** The repository file an import names (relative to ROOT), or null for a package. */
export function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith('#')) return packageImports[specifier]?.replace(/^\.\//, '') ?? null;
  if (specifier.startsWith('~/')) return path.posix.join('app', specifier.slice(2));
  if (!specifier.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')));
}

const folderOf = (file: string): string => file.split('/')[0] ?? '';

/** Why an import breaks the layering, or null when it is allowed. */
export function violation(imp: Import): string | null {
  const from = folderOf(imp.file) as Folder;
  const target = resolve(imp.file, imp.specifier);
  if (target === null) return null;
  const to = folderOf(target);
  switch (from) {
    case 'app':
      // The request context is how the server hands the pages its services.
      if (imp.specifier === '#app-context') return null;
      if (target === 'common/errors.ts' && imp.specifier !== '#errors') {
        return 'import common/errors.ts as #errors: the pages build keeps that one external, so AppError stays one class';
      }
      if ((to === 'server' || to === 'db') && !imp.typeOnly) return `app/ uses ${to}/ only through the request context (import type is fine)`;
      return null;
    case 'server':
      if (to === 'app') return 'server/ never imports app/';
      // The demo seed writes its rows through the repositories the services use, never around them.
      if (imp.file.startsWith('server/seed/') && target === 'db/schema.ts' && !imp.typeOnly) {
        return 'server/seed/ writes through server/repositories/ and the services: no tables of db/schema.ts (import type is fine)';
      }
      // The repositories are below the services: they know rows, not policy.
      if (imp.file.startsWith('server/repositories/') && target.startsWith('server/') && !target.startsWith('server/repositories/')) {
        return 'server/repositories/ is below the services: it imports db/, common/ and packages only';
      }
      return null;
    case 'db':
      return to === 'server' || to === 'app' ? `db/ is below the services: it never imports ${to}/` : null;
    case 'common':
      return to !== 'common' ? `common/ is shared by every layer and the browser: it imports nothing outside common/ (found ${to}/)` : null;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('layers', () => {
  it('no module imports across a layer it may not cross', () => {
    const broken: string[] = [];
    let count = 0;
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(folder)) {
        for (const imp of importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))) {
          count++;
          const why = violation(imp);
          if (why) broken.push(`${file}:${imp.line} imports '${imp.specifier}': ${why}`);
        }
      }
    }
    expect(count).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });

  // The checker itself, on sources written for the purpose: each forbidden shape is caught.
  it.each([
    ['app/routes/x.tsx', "import { isId } from '../../server/services/tokens.ts';", 'app/ uses server/'],
    ['app/routes/x.tsx', "import {\n  users,\n  type User,\n} from '../../db/schema.ts';", 'app/ uses db/'],
    ['app/routes/x.tsx', "import { type User } from '../../db/schema.ts';", 'app/ uses db/'],
    ['app/lib/x.ts', "const m = await import('../../server/services/index.ts');", 'app/ uses server/'],
    ['app/lib/x.ts', "import { AppError } from '../../common/errors.ts';", 'as #errors'],
    ['server/api/x.ts', "export { BLOG } from '../../app/content/blog.ts';", 'server/ never imports app/'],
    ['server/seed/x.ts', "import { products, users } from '../../db/schema.ts';", 'server/seed/ writes through server/repositories/'],
    ['server/repositories/x.ts', "import { hashPassword } from '../services/passwords.ts';", 'server/repositories/ is below the services'],
    ['db/x.ts', "import type { Services } from '../server/services/index.ts';", 'db/ is below the services'],
    ['common/x.ts', "import type { User } from '../db/schema.ts';", 'common/ is shared'],
  ])('catches %s: %s', (file, source, why) => {
    const reasons = importsOf(file, source).map(violation);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(why);
  });

  it.each([
    ['app/routes/x.tsx', "import type { User } from '../../db/schema.ts';"],
    ['app/routes/x.tsx', "import { appContext } from '#app-context';"],
    ['app/routes/x.tsx', "import { isAppError } from '#errors';"],
    ['server/api/x.ts', "import { BLOG_ARTICLES } from '../../common/content/blog.ts';"],
    ['db/client.ts', "import { PGlite } from '@electric-sql/pglite';"],
    ['server/seed/x.ts', "import type { Image } from '../../db/schema.ts';"],
    ['server/seed/x.ts', "import { insertListing } from '../repositories/listings.ts';"],
    ['server/repositories/x.ts', "import { users } from '../../db/schema.ts';"],
  ])('allows %s: %s', (file, source) => {
    const imports = importsOf(file, source);
    expect(imports).toHaveLength(1);
    expect(imports.map(violation)).toEqual([null]);
  });
});
