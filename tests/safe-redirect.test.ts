// The return address after log-in (common/safe-redirect.ts): whatever the text, the answer is
// a path on this site that a browser cannot read as another host and that fits in a header.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../common/safe-redirect.ts';

const SITE = 'https://ecosouk.example';
const FALLBACK = '/en/dashboard';
const go = (target: unknown) => safeRedirect(target, FALLBACK, SITE);

/** What a browser does with a Location value: strips tabs and newlines, reads `\` as `/`, resolves against the page. */
function browserTarget(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, ''), `${SITE}/en/login?redirectTo=x`);
}

function expectSafe(out: string) {
  expect(out.startsWith('/')).toBe(true);
  expect(out.startsWith('//')).toBe(false);
  expect(out).not.toMatch(/[\\\p{Cc}\p{Cf}\p{Z}]/u);
  expect(browserTarget(out).origin).toBe(SITE);
  // A header value: the 500s came from Location values Headers refuses.
  expect(() => new Headers({ location: out })).not.toThrow();
  expect(() => Response.redirect(new URL(out, SITE), 302)).not.toThrow();
}

describe('safeRedirect', () => {
  it('keeps paths on this site, query and fragment included', () => {
    expect(go('/en/products/new')).toBe('/en/products/new');
    expect(go('/fr/dashboard?saved=1#listings')).toBe('/fr/dashboard?saved=1#listings');
    expect(go('/ar/shop/abc?page=2')).toBe('/ar/shop/abc?page=2');
  });

  it('refuses other hosts however they are written', () => {
    const attacks = [
      'https://evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u000b/x',
      '/\u000c/x',
      '/\u0000/x',
      '/\u007f/x',
      '/\u0085/x',
      '/\u00a0/evil.example',
      '/\u1680/x',
      '/\u2000/x',
      '/\u200b/evil.example',
      '/\u2028/x',
      '/\u202e/x',
      '/\u3000/x',
      '/\ufeff/x',
      ' /evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      'x'.repeat(10),
      `/${'a'.repeat(3000)}`,
    ];
    for (const attack of attacks) expect(go(attack), JSON.stringify(attack)).toBe(FALLBACK);
  });

  it('falls back on anything that is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['/en'], new Blob(['/en'])]) expect(go(value)).toBe(FALLBACK);
  });

  it('gives back percent-encoded ASCII, never raw text (a header cannot carry it)', () => {
    expect(go('/en/search?q=lampe à huile')).toBe(FALLBACK); // a space
    expect(go('/en/search?q=مصباح')).toBe('/en/search?q=%D9%85%D8%B5%D8%A8%D8%A7%D8%AD');
    expect(go('/en/%E3%80%80/x')).toBe('/en/%E3%80%80/x');
  });

  it('answers a path on this site or the fallback, for any text (property)', { timeout: 60_000 }, () => {
    const segment = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('/', '//', '\\', '.', '..', '%09', '%0B', '%E3%80%80', '@', ':', '?', '#', 'evil.example', 'http:', '\t', '\u3000'),
    );
    const target = fc.array(segment, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(target, target.map((t) => `/${t}`)), (input) => {
        const out = go(input);
        if (out !== FALLBACK) {
          expectSafe(out);
          // Stable: the answer is its own answer.
          expect(go(out)).toBe(out);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps every ordinary path (property)', () => {
    const word = fc.stringMatching(/^[\w-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), fc.option(word), (parts, query) => {
        const path = `/${parts.join('/')}${query ? `?q=${query}` : ''}`;
        expect(go(path)).toBe(path);
      }),
    );
  });
});
