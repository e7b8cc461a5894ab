// The CO₂ estimate's mapping (common/impact.ts): a figure for each product kind that has an
// honest published one, null everywhere else, and the rounding and share applied once.
import { describe, expect, it } from 'vitest';
import { CATEGORY_ATTRIBUTES, type EnumAttribute } from '../common/category-attributes.ts';
import { AVOIDED_SHARE, IMPACT_FIGURES, impactBasisOf, impactOf, isImpactBasis, roundKg, formatCo2e, type ImpactBasis } from '../common/impact.ts';
import { CATEGORY_KEYS } from '../common/reference-data.ts';

const optionKeys = (category: keyof typeof CATEGORY_ATTRIBUTES, key: string) =>
  (CATEGORY_ATTRIBUTES[category].find((a) => a.key === key) as EnumAttribute).options.map((o) => o.key);

describe('impactOf', () => {
  it('gives half the new product footprint, rounded, for each mapped detail', () => {
    const expected: [string, Record<string, string>, ImpactBasis, number][] = [
      ['electronics', { type: 'phone', brand: 'samsung' }, 'smartphone', 43],
      ['electronics', { type: 'tablet' }, 'tablet', 30],
      ['electronics', { type: 'laptop' }, 'laptop', 91],
      ['electronics', { type: 'desktop' }, 'desktop', 130],
      ['electronics', { type: 'tv' }, 'tv', 190],
      ['furniture-home', { type: 'furniture' }, 'furniture', 9],
      ['furniture-home', { type: 'large-appliance' }, 'largeAppliance', 120],
      ['furniture-home', { type: 'small-appliance' }, 'smallAppliance', 5],
      ['clothing-accessories', { type: 'clothes', for: 'women' }, 'clothes', 3],
      ['clothing-accessories', { type: 'shoes' }, 'shoes', 7],
      ['sport-fitness', { type: 'bicycle' }, 'bicycle', 58],
      ['automobile', { fuel: 'petrol', year: '2015' }, 'carCombustion', 3400],
      ['automobile', { fuel: 'diesel' }, 'carCombustion', 3400],
      ['automobile', { fuel: 'lpg' }, 'carCombustion', 3400],
      ['automobile', { fuel: 'hybrid' }, 'carHybrid', 4800],
      ['automobile', { fuel: 'electric' }, 'carElectric', 5100],
    ];
    for (const [category, attributes, basis, co2eKg] of expected) {
      expect(impactOf({ category, attributes }), `${category} ${JSON.stringify(attributes)}`).toEqual({ co2eKg, basis });
      expect(co2eKg).toBe(roundKg(IMPACT_FIGURES[basis].newKg * AVOIDED_SHARE));
    }
  });

  it('is null without the detail that names the product', () => {
    for (const category of ['electronics', 'furniture-home', 'clothing-accessories', 'sport-fitness', 'automobile']) {
      expect(impactOf({ category }), category).toBeNull();
      expect(impactOf({ category, attributes: null }), category).toBeNull();
      expect(impactOf({ category, attributes: {} }), category).toBeNull();
    }
    // A car's year and mileage without its fuel: could be anything in the category.
    expect(impactOf({ category: 'automobile', attributes: { year: 2015, mileage: 120000, brand: 'renault' } })).toBeNull();
  });

  it('is null for the details without an honest figure', () => {
    const withFigure: Record<string, string[]> = {
      electronics: ['phone', 'tablet', 'laptop', 'desktop', 'tv'],
      'furniture-home': ['furniture', 'large-appliance', 'small-appliance'],
      'clothing-accessories': ['clothes', 'shoes'],
      'sport-fitness': ['bicycle'],
    };
    for (const [category, mapped] of Object.entries(withFigure)) {
      for (const type of optionKeys(category as keyof typeof CATEGORY_ATTRIBUTES, 'type')) {
        const impact = impactOf({ category, attributes: { type } });
        if (mapped.includes(type)) expect(impact, `${category}/${type}`).not.toBeNull();
        else expect(impact, `${category}/${type}`).toBeNull();
      }
    }
    for (const fuel of optionKeys('automobile', 'fuel')) expect(impactOf({ category: 'automobile', attributes: { fuel } })).not.toBeNull();
    expect(impactOf({ category: 'automobile', attributes: { fuel: 'steam' } })).toBeNull();
    expect(impactOf({ category: 'electronics', attributes: { type: 7 } })).toBeNull();
  });

  it('is null in every category without a figure, whatever its details say', () => {
    const withFigures = new Set(['electronics', 'furniture-home', 'clothing-accessories', 'sport-fitness', 'automobile']);
    for (const category of CATEGORY_KEYS.filter((c) => !withFigures.has(c))) {
      expect(impactOf({ category, attributes: { type: 'phone', fuel: 'petrol' } }), category).toBeNull();
    }
    expect(impactOf({ category: 'no-such-category', attributes: { type: 'phone' } })).toBeNull();
    // The mapping keys of one category do not leak into another.
    expect(impactBasisOf('sport-fitness', { type: 'phone' })).toBeNull();
    expect(impactBasisOf('electronics', { type: 'bicycle' })).toBeNull();
  });

  it('maps only option keys that exist in the category details', () => {
    for (const category of CATEGORY_KEYS) {
      const types = CATEGORY_ATTRIBUTES[category].find((a) => a.key === 'type');
      const keys = types && types.type === 'enum' ? types.options.map((o) => o.key) : [];
      for (const key of keys) {
        const basis = impactBasisOf(category, { type: key });
        if (basis) expect(isImpactBasis(basis)).toBe(true);
      }
    }
  });
});

describe('the figures', () => {
  it('each has a source with a year and an address, and names in three languages', () => {
    for (const [basis, figure] of Object.entries(IMPACT_FIGURES)) {
      expect(figure.newKg, basis).toBeGreaterThan(0);
      expect(figure.source.url, basis).toMatch(/^https:\/\//);
      expect(figure.source.year, basis).toBeGreaterThanOrEqual(2017);
      for (const lang of ['ar', 'fr', 'en'] as const) expect(figure.item[lang], `${basis} ${lang}`).not.toBe('');
    }
  });

  it('rounds as the estimate deserves', () => {
    expect([roundKg(42.55), roundKg(99.4), roundKg(187.9), roundKg(3350), roundKg(5100)]).toEqual([43, 99, 190, 3400, 5100]);
    expect(formatCo2e(43, 'en')).toBe('43 kg CO₂e');
    expect(formatCo2e(3400, 'fr')).toBe('3\u202f400 kg éq. CO₂');
    expect(formatCo2e(34_560, 'en')).toBe('34.6 t CO₂e');
    expect(formatCo2e(43, 'ar')).toBe('43 كغ مكافئ CO₂');
  });
});
