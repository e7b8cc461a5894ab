import { glob, readFile } from 'node:fs/promises';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import * as icons from '../app/components/icons.server.tsx';

// Every icon the site draws, by the name lucide-react gives it.
const DRAWN = Object.entries(icons).filter(([name]) => /^[A-Z]/.test(name)) as [string, ComponentType<Record<string, unknown>>][];

/** An <svg>'s attributes and its inner markup. */
function parts(markup: string) {
  const open = /^<svg([^>]*)>/.exec(markup);
  if (!open) throw new Error(`not an svg: ${markup.slice(0, 80)}`);
  const attributes = Object.fromEntries([...open[1]!.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { attributes, inner: markup.slice(open[0].length, -'</svg>'.length) };
}

describe("the server's icons (app/components/icons.server.tsx, decision 0041)", () => {
  it('has every icon the pages import from lucide-react', async () => {
    const imported = new Set<string>();
    for await (const file of glob('app/**/*.{ts,tsx}')) {
      for (const [, names] of (await readFile(file, 'utf8')).matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
        for (const name of names!.split(',').map((n) => n.trim())) if (name && !name.startsWith('type ')) imported.add(name);
      }
    }
    expect(imported.size).toBeGreaterThan(80);
    expect([...imported].filter((name) => !(name in icons))).toEqual([]);
  });

  it.each(DRAWN)('%s is drawn as lucide-react draws it', (name, Drawn) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name];
    expect(Lucide, `lucide-react has no ${name}`).toBeDefined();
    // As the pages pass them: a class list that may end in a space when a condition adds nothing.
    for (const props of [{ className: 'size-5 shrink-0', 'aria-hidden': true }, { className: 'size-5 ', 'aria-hidden': true }, { className: 'size-4', 'aria-label': 'Vendeur vérifié', role: 'img' }, {}]) {
      const ours = parts(renderToStaticMarkup(createElement(Drawn, props)));
      const theirs = parts(renderToStaticMarkup(createElement(Lucide!, props)));
      expect(ours.inner).toBe(theirs.inner);
      expect(ours.attributes).toEqual(theirs.attributes);
    }
  });

  it('escapes what a drawing could hold that would end an attribute', () => {
    expect(icons.innerMarkup([['path', { d: 'M0 0"/><script>', key: 'k' }]])).toBe('<path d="M0 0&quot;/>&lt;script>"></path>');
  });
});
