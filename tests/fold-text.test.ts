import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../app/lib/fold-text.ts';

describe('foldForSearch', () => {
  it('ignores case and accents in Latin script', () => {
    expect(foldForSearch('Béjaïa')).toBe(foldForSearch('BEJAIA'));
    expect(foldForSearch('Aïn Témouchent')).toBe('ain temouchent');
  });

  it('ignores harakat, tatweel and the hamza on an alef, and folds ta marbuta and alef maqsura', () => {
    expect(foldForSearch('أولاد فايت')).toBe(foldForSearch('اولاد فايت'));
    expect(foldForSearch('إبن')).toBe(foldForSearch('ابن'));
    expect(foldForSearch('آمنة')).toBe(foldForSearch('امنه'));
    expect(foldForSearch('مُوسَى')).toBe(foldForSearch('موسي'));
    expect(foldForSearch('بـــوفاريك')).toBe(foldForSearch('بوفاريك'));
  });

  it('keeps different letters apart', () => {
    expect(foldForSearch('بليدة')).not.toBe(foldForSearch('بويرة'));
    expect(foldForSearch('Oran')).not.toBe(foldForSearch('Oron'));
  });
});
