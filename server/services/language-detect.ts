// Which of our three languages a seller wrote in, so the text lands in the right
// `_ar`/`_fr`/`_en` field. Arabic script decides at once; French and English are
// told apart by accents and common short words — enough for listings, which are
// short and rarely mix the two.
import type { Lang } from '../../common/languages.ts';

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/g;
const LETTERS = /\p{L}/gu;
const FRENCH_ACCENTS = /[éèêëàâîïôûùüçœ]/gi;
const FRENCH_WORDS = new Set(
  'le la les un une des du de et est en avec pour sur dans très tout bon bonne état vends vend prix neuf neuve occasion à au aux pas plus ou qui que je il elle nous vous mon ma mes'.split(' '),
);
const ENGLISH_WORDS = new Set(
  'the a an and is in with for on very all good condition sell selling price new used of to at not more or who that i it we you my this great like'.split(' '),
);

export function detectLanguage(text: string): Lang {
  const letters = text.match(LETTERS)?.length ?? 0;
  if (letters === 0) return 'fr';
  const arabic = text.match(ARABIC)?.length ?? 0;
  if (arabic / letters >= 0.3) return 'ar';
  const words = text.toLowerCase().split(/[^\p{L}']+/u).filter(Boolean);
  let fr = (text.match(FRENCH_ACCENTS)?.length ?? 0) * 0.5;
  let en = 0;
  for (const word of words) {
    if (FRENCH_WORDS.has(word)) fr++;
    if (ENGLISH_WORDS.has(word)) en++;
  }
  // Algeria writes Latin-script listings mostly in French: ties go to French.
  return en > fr ? 'en' : 'fr';
}
