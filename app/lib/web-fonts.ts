// The browser side of decision 0032: a page drawn in the system's fonts fetches the site's font
// files once it has loaded and the browser is idle, then records them in the `fonts` cookie, so
// that the next page the server draws uses them straight from the cache. The current page keeps
// its fonts: swapping them now would move its text under the reader's eyes.
import { WEB_FONTS_COOKIE } from '../../common/constants.ts';
import { readCookie } from '../../common/cookies.ts';
import type { Lang } from '../../common/languages.ts';
import { fontScriptsHeld, fontScriptsOf, webFontsCookie, type FontScript } from '../../common/web-fonts.ts';
import { afterLoadAndIdle } from './after-load.ts';

// The faces of app/app.css each script's pages are drawn in, and a character that selects the
// script's file among the family's unicode-range subsets. Latin is one variable file for every weight.
const FACES: Record<FontScript, { faces: string[]; sample: string }> = {
  latin: { faces: ['400 1em "Noto Sans Variable"'], sample: 'a' },
  arabic: { faces: ['400 1em "Noto Sans Arabic"', '700 1em "Noto Sans Arabic"'], sample: 'ب' },
};

/** Fetches the font files a page in `lang` is drawn in, unless the cookie says they are held. Returns what cancels it before it starts. */
export function fetchWebFontsForNextPages(lang: Lang): () => void {
  const held = fontScriptsHeld(readCookie(document.cookie, WEB_FONTS_COOKIE));
  const missing = fontScriptsOf(lang).filter((script) => !held.includes(script));
  if (missing.length === 0 || !('fonts' in document)) return () => {};
  return afterLoadAndIdle(async () => {
    const loaded: FontScript[] = [];
    for (const script of missing) {
      const { faces, sample } = FACES[script];
      // load() resolves with the faces it fetched (none if the face is not declared) and rejects
      // when a file fails: only a script whose every face arrived is recorded.
      const results = await Promise.allSettled(faces.map((face) => document.fonts.load(face, sample)));
      if (results.every((r) => r.status === 'fulfilled' && r.value.length > 0)) loaded.push(script);
    }
    // Recorded even if the reader has moved on meanwhile: the files are in the cache all the same.
    if (loaded.length > 0) document.cookie = webFontsCookie([...fontScriptsHeld(readCookie(document.cookie, WEB_FONTS_COOKIE)), ...loaded]);
  });
}
