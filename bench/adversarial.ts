// Texts made to cost: a common word repeated next to a near miss of it (every listing holding
// the word is a trigram candidate for the miss), eight invented words, one endless word.
// Measured as a request runs them: the exact search, then the typo fallback when it found nothing.
export const ADVERSARIAL = [
  'lampe lampe lampe lampe lampe lampe lampe lampeqz',
  'occasion occasion occasion occasion occasion occasion occasion occasionqz',
  'occasionqz propreqz voitureqz tableqz neufqz venteqz originalqz prixqz',
  'occasion'.repeat(25),
];
