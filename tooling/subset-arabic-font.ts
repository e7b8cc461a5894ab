// Vite plugin: cuts the Arabic font files down to the Arabic block the site writes in.
// @fontsource's "arabic" files also carry the extended Arabic of Persian, Urdu and Quranic
// text and the presentation forms A (~49 KB a weight); Algerian Arabic needs U+0600–06FF
// (letters, marks, Arabic-Indic digits, punctuation) and the presentation forms B (~22 KB).
// HarfBuzz keeps every glyph the shaping rules reach from those characters, so joining
// forms and ligatures still work; a character outside the set falls back to the next font.
import type { Plugin } from 'vite';
import subsetFont from 'subset-font';

const FILE = /noto-sans-arabic-arabic-\d+-normal-[\w-]+\.woff2$/;

function range(from: number, to: number): string {
  let text = '';
  for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

/** What the subset keeps. Changing it changes the file but not its hashed name: see below. */
export const ARABIC_SUBSET_TEXT = `${range(0x0600, 0x06ff)}${range(0xfe70, 0xfeff)}\u200c\u200d\u200e\u200f\u2010\u2011`;

export function subsetArabicFont(): Plugin {
  return {
    name: 'ecosouk:subset-arabic-font',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // The file keeps the name Vite hashed from the original font. The subset is a pure
    // function of that font and ARABIC_SUBSET_TEXT, so the name still identifies the content
    // as long as ARABIC_SUBSET_TEXT does not change; if it ever does, bump the font package.
    async generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'asset' || !FILE.test(fileName)) continue;
        const source = typeof output.source === 'string' ? Buffer.from(output.source) : Buffer.from(output.source);
        output.source = await subsetFont(source, ARABIC_SUBSET_TEXT, { targetFormat: 'woff2' });
      }
    },
  };
}
