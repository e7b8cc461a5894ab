import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATEGORY_ATTRIBUTES, attributeOf, attributeValueText, attributesOf } from '../common/category-attributes.ts';
import { LANGS } from '../common/languages.ts';
import { CATEGORY_KEYS } from '../common/reference-data.ts';
import { attributeFiltersSchema, attributesSchema } from '../common/schemas/attributes.ts';
import { fieldErrorsOf } from '../common/schemas/field-errors.ts';
import { isValidationKey } from '../common/schemas/messages.ts';

const ARABIC = /[\u0600-\u06FF]/;

/** Issues as `path: message`, the path joined as the API reports it. */
function issuesOf(result: { success: boolean; error?: z.ZodError }): string[] {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

const inBody = (category: string) => z.object({ attributes: attributesSchema(category) });

describe('category attributes data', () => {
  it('defines details for the categories that call for them and none for the others', () => {
    expect(Object.keys(CATEGORY_ATTRIBUTES).sort()).toEqual([...CATEGORY_KEYS].sort());
    expect(attributesOf('automobile').map((a) => a.key)).toEqual(['brand', 'model', 'year', 'mileage', 'fuel', 'gearbox']);
    expect(attributesOf('real-estate').map((a) => a.key)).toEqual(['offer', 'type', 'rooms', 'surface', 'floor', 'furnished']);
    expect(attributesOf('electronics').map((a) => a.key)).toEqual(['type', 'brand', 'storage']);
    expect(attributesOf('clothing-accessories').map((a) => a.key)).toEqual(['type', 'for', 'size']);
    expect(attributesOf('jobs').map((a) => a.key)).toEqual(['offer', 'contract']);
    expect(attributesOf('animals').map((a) => a.key)).toEqual(['species']);
    expect(attributesOf('services')).toEqual([]);
    expect(attributesOf('no-such-category')).toEqual([]);
  });

  it('names every detail and option in the three languages, Arabic in Arabic script', () => {
    for (const [category, attributes] of Object.entries(CATEGORY_ATTRIBUTES)) {
      const keys = attributes.map((a) => a.key);
      expect(new Set(keys).size, category).toBe(keys.length);
      for (const a of attributes) {
        expect(a.key).toMatch(/^[a-z][a-z0-9-]*$/);
        for (const lang of LANGS) expect(a.name[lang].length, `${category}.${a.key}.${lang}`).toBeGreaterThan(0);
        expect(a.name.ar, `${category}.${a.key}`).toMatch(ARABIC);
        if (a.type === 'enum') {
          const optionKeys = a.options.map((o) => o.key);
          expect(new Set(optionKeys).size, `${category}.${a.key}`).toBe(optionKeys.length);
          for (const o of a.options) {
            expect(o.key).toMatch(/^[a-z0-9][a-z0-9-]*$/);
            for (const lang of LANGS) expect(o.name[lang].length).toBeGreaterThan(0);
          }
        }
        if (a.type === 'int') expect(a.min).toBeLessThan(a.max);
        if (a.type === 'text') expect(a.filter).toBe(false);
      }
    }
  });

  it('lists the fuels, gearboxes, rooms and makes Algerians use', () => {
    const fuel = attributeOf('automobile', 'fuel');
    expect(fuel?.type === 'enum' && fuel.options.map((o) => o.key)).toEqual(['petrol', 'diesel', 'lpg', 'hybrid', 'electric']);
    expect(fuel?.type === 'enum' && fuel.options[2]?.name.fr).toBe('GPL / Sirghaz');
    const rooms = attributeOf('real-estate', 'rooms');
    expect(rooms?.type === 'enum' && rooms.options.map((o) => o.name.fr)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6+']);
    const brand = attributeOf('automobile', 'brand');
    expect(brand?.type === 'enum' && brand.options.map((o) => o.key)).toEqual(expect.arrayContaining(['renault', 'dacia', 'citroen', 'mercedes-benz', 'other']));
    const year = attributeOf('automobile', 'year');
    expect(year?.type === 'int' && year.max).toBe(new Date().getUTCFullYear() + 1);
  });

  it('shows values as readers expect them', () => {
    const fuel = attributeOf('automobile', 'fuel')!;
    const mileage = attributeOf('automobile', 'mileage')!;
    const year = attributeOf('automobile', 'year')!;
    expect(attributeValueText(fuel, 'diesel', 'ar')).toBe('مازوت');
    expect(attributeValueText(fuel, 'lpg', 'en')).toBe('LPG / Sirghaz');
    expect(attributeValueText(mileage, 120000, 'fr', (n) => n.toLocaleString('fr-DZ'))).toBe('120\u202f000 km');
    expect(attributeValueText(attributeOf('real-estate', 'surface')!, 85, 'ar')).toBe('85 م²');
    expect(attributeValueText(year, 2018, 'fr', (n) => n.toLocaleString('fr-DZ'))).toBe('2018');
    expect(attributeValueText(fuel, 'coal', 'fr')).toBe('coal');
  });
});

describe('attributesSchema', () => {
  it('accepts valid details, typed, dropping the blank ones', () => {
    expect(
      attributesSchema('automobile').parse({ brand: 'renault', model: ' Clio 4 ', year: 2018, mileage: '120 000', fuel: 'diesel', gearbox: '' }),
    ).toEqual({ brand: 'renault', model: 'Clio 4', year: 2018, mileage: 120000, fuel: 'diesel' });
    expect(attributesSchema('real-estate').parse({ offer: 'rent', type: 'apartment', rooms: 'f3', surface: '85', floor: 0, furnished: 'unfurnished' })).toEqual({
      offer: 'rent',
      type: 'apartment',
      rooms: 'f3',
      surface: 85,
      floor: 0,
      furnished: 'unfurnished',
    });
    expect(attributesSchema('automobile').parse({})).toEqual({});
    expect(attributesSchema('services').parse({})).toEqual({});
    expect(attributesSchema('automobile').parse({ year: null })).toEqual({});
  });

  it('reports each kind of invalid value at attributes.KEY with its message key', () => {
    const parse = (category: string, attributes: unknown) => issuesOf(inBody(category).safeParse({ attributes }));
    expect(parse('automobile', { fuel: 'coal' })).toEqual(['attributes.fuel: attributeChoice']);
    expect(parse('automobile', { fuel: 3 })).toEqual(['attributes.fuel: attributeChoice']);
    expect(parse('automobile', { year: 'old' })).toEqual(['attributes.year: attributeNumber']);
    expect(parse('automobile', { year: 2018.5 })).toEqual(['attributes.year: attributeNumber']);
    expect(parse('automobile', { year: 1900 })).toEqual(['attributes.year: attributeRange']);
    expect(parse('automobile', { year: new Date().getUTCFullYear() + 2 })).toEqual(['attributes.year: attributeRange']);
    expect(parse('automobile', { mileage: -1 })).toEqual(['attributes.mileage: attributeRange']);
    expect(parse('automobile', { model: 'x'.repeat(61) })).toEqual(['attributes.model: attributeTextMax']);
    expect(parse('automobile', { model: 'bad\u0000' })).toEqual(['attributes.model: invalidValue']);
    expect(parse('automobile', { model: 42 })).toEqual(['attributes.model: invalidValue']);
    expect(parse('automobile', { rooms: 'f3' })).toEqual(['attributes.rooms: attributeUnknown']);
    expect(parse('services', { brand: 'renault' })).toEqual(['attributes.brand: attributeUnknown']);
    expect(parse('automobile', 'renault')).toEqual(['attributes: attributesInvalid']);
    expect(parse('automobile', ['renault'])).toEqual(['attributes: attributesInvalid']);
    expect(parse('automobile', { fuel: 'coal', year: 1800, colour: 'red' })).toEqual([
      'attributes.fuel: attributeChoice',
      'attributes.year: attributeRange',
      'attributes.colour: attributeUnknown',
    ]);
  });

  it('uses only message keys the validation table knows, so forms can translate them', () => {
    const result = inBody('automobile').safeParse({ attributes: { fuel: 'coal', year: 'x', model: 'y'.repeat(99), colour: 1 } });
    for (const issue of result.error!.issues) expect(isValidationKey(issue.message), issue.message).toBe(true);
    expect(fieldErrorsOf(attributesSchema('automobile').safeParse({ year: 1800 }).error!)).toEqual({ year: 'attributeRange' });
  });
});

describe('attributeFiltersSchema', () => {
  const parse = (category: string | undefined, query: Record<string, unknown>) => attributeFiltersSchema(category).safeParse(query);

  it('turns attr.KEY and attr.KEY.min/max parameters into typed filters, ignoring other parameters', () => {
    const result = parse('automobile', {
      category: 'automobile',
      'attr.brand': ['renault', 'dacia', 'renault'],
      'attr.fuel': 'diesel',
      'attr.year.min': '2015',
      'attr.year.max': '2020',
      'attr.mileage.max': '150 000',
      'attr.gearbox': '',
    });
    expect(result.data).toEqual([
      { key: 'brand', type: 'enum', values: ['renault', 'dacia'] },
      { key: 'fuel', type: 'enum', values: ['diesel'] },
      { key: 'year', type: 'int', min: 2015, max: 2020 },
      { key: 'mileage', type: 'int', max: 150000 },
    ]);
    expect(parse(undefined, { text: 'clio' }).data).toEqual([]);
  });

  it('refuses, at the parameter, what the category cannot filter on', () => {
    expect(issuesOf(parse(undefined, { 'attr.year.min': '2015' }))).toEqual(['attr.year.min: attributeUnknown']);
    expect(issuesOf(parse('automobile', { 'attr.rooms': 'f3' }))).toEqual(['attr.rooms: attributeUnknown']);
    expect(issuesOf(parse('automobile', { 'attr.Brand': 'renault' }))).toEqual(['attr.Brand: attributeUnknown']);
    expect(issuesOf(parse('automobile', { 'attr.model': 'clio' }))).toEqual(['attr.model: attributeNotFilter']);
    expect(issuesOf(parse('automobile', { 'attr.year': '2015' }))).toEqual(['attr.year: attributeNotFilter']);
    expect(issuesOf(parse('automobile', { 'attr.fuel.min': 'diesel' }))).toEqual(['attr.fuel.min: attributeNotFilter']);
    expect(issuesOf(parse('real-estate', { 'attr.floor.min': '2' }))).toEqual(['attr.floor.min: attributeNotFilter']);
  });

  it('refuses bad values and an inverted range', () => {
    expect(issuesOf(parse('automobile', { 'attr.fuel': ['diesel', 'coal'] }))).toEqual(['attr.fuel: attributeChoice']);
    expect(issuesOf(parse('automobile', { 'attr.year.min': 'recent' }))).toEqual(['attr.year.min: attributeNumber']);
    expect(issuesOf(parse('automobile', { 'attr.year.min': ['2010', '2012'] }))).toEqual(['attr.year.min: attributeNumber']);
    expect(issuesOf(parse('automobile', { 'attr.year.max': '1800' }))).toEqual(['attr.year.max: attributeRange']);
    expect(issuesOf(parse('automobile', { 'attr.year.min': '2020', 'attr.year.max': '2015' }))).toEqual(['attr.year.min: attributeRangeOrder']);
  });
});
