// How the lists people filter as they type (the dashboard's titles, the communes) compare text:
// what a phone keyboard may or may not add — case, accents, Arabic harakat, the hamza on an alef,
// ta marbuta and alef maqsura — does not matter, as in the site's search (ecosouk_normalize).

/** `text` reduced to what a typed filter compares. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064B-\u0655\u0670\u0640]/g, '')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .toLocaleLowerCase('und');
}
