// The words a search matches: each once, capped in number and length; the typo fallback
// takes the longest few.
import { describe, expect, it } from 'vitest';
import { fuzzyWords, MAX_FUZZY_WORDS, MAX_WORD_LENGTH, MAX_WORDS, searchWords } from '../server/services/search.ts';

describe('searchWords', () => {
  it('keeps each word once, whatever its case or harakat', () => {
    expect(searchWords('lampe lampe LAMPE Lampe lampe lampe lampe lampeqz')).toEqual(['lampe', 'lampeqz']);
    expect(searchWords('كِتَاب كتاب')).toEqual(['كِتَاب']);
  });

  it('caps the number of words and the length of each', () => {
    const many = Array.from({ length: 20 }, (_, i) => `mot${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(MAX_WORDS);
    const [long] = searchWords('a'.repeat(200));
    expect(long).toHaveLength(MAX_WORD_LENGTH);
    // Distinct words past the cap are not reached even when the first ones repeat.
    expect(searchWords(`${'velo '.repeat(30)}table`)).toEqual(['velo', 'table']);
  });
});

describe('fuzzyWords', () => {
  it('takes the longest words of three letters or more, in their order', () => {
    expect(MAX_FUZZY_WORDS).toBe(3);
    expect(fuzzyWords(['tv', 'samsnug', 'galxy', 'écran', 'téléviseur'])).toEqual(['samsnug', 'galxy', 'téléviseur']);
    expect(fuzzyWords(['tv', 's2'])).toEqual([]);
  });
});
