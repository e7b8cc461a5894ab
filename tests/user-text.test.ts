import { describe, expect, it } from 'vitest';
import { linesOf, sentencesOf } from '../app/lib/user-text.ts';

describe('user text pieces', () => {
  it('splits a mixed French and Arabic line into its sentences, keeping the spaces', () => {
    const bio = 'Passionnée de réemploi à Alger, je donne une seconde vie aux objets. أحب إعادة الاستعمال والتدوير.';
    expect(sentencesOf(bio)).toEqual(['Passionnée de réemploi à Alger, je donne une seconde vie aux objets.', ' ', 'أحب إعادة الاستعمال والتدوير.']);
    expect(sentencesOf(bio).join('')).toBe(bio);
  });

  it('ends sentences at Arabic and Latin marks, not inside numbers or words', () => {
    expect(sentencesOf('هل هو متوفر؟  Oui ! Prix: 1.500 DA')).toEqual(['هل هو متوفر؟', '  ', 'Oui !', ' ', 'Prix: 1.500 DA']);
    expect(sentencesOf('e-mail: a.b@c.dz')).toEqual(['e-mail: a.b@c.dz']);
    expect(sentencesOf('Fin. ')).toEqual(['Fin. ']);
  });

  it('keeps empty lines as lines', () => {
    expect(linesOf('Bonjour\r\n\nمرحبا')).toEqual(['Bonjour', '', 'مرحبا']);
  });
});
