import { describe, expect, it } from 'vitest';
import { itemCondition, jsonLd, seoMeta } from '../app/lib/seo.ts';

type Row = Record<string, unknown>;
const origin = 'https://ecosouk.example';

function find(meta: Row[], key: string, value: string) {
  return meta.filter((m) => m[key] === value);
}

describe('seoMeta', () => {
  const meta = seoMeta({ lang: 'fr', publicUrl: `${origin}/`, path: '/about', title: 'À propos', description: 'Qui sommes-nous', image: '/uploads/a-1200.webp' }) as Row[];

  it('suffixes the title and describes the page', () => {
    expect(meta[0]).toEqual({ title: 'À propos · EcoSouk' });
    expect(find(meta, 'name', 'description')[0]?.content).toBe('Qui sommes-nous');
  });

  it('gives an absolute canonical without a query', () => {
    expect(find(meta, 'rel', 'canonical')).toEqual([{ tagName: 'link', rel: 'canonical', href: `${origin}/fr/about` }]);
    const search = seoMeta({ lang: 'en', publicUrl: origin, path: '?title=velo', title: 'Home', bareTitle: true }) as Row[];
    expect(find(search, 'rel', 'canonical')[0]?.href).toBe(`${origin}/en`);
    expect(search[0]).toEqual({ title: 'Home' });
  });

  it('lists the same alternates, for all three languages and x-default, from every language', () => {
    const alternates = (lang: 'ar' | 'fr' | 'en') =>
      find(seoMeta({ lang, publicUrl: origin, path: '/about', title: 'x' }) as Row[], 'rel', 'alternate').map((m) => [m.hrefLang, m.href]);
    const expected = [
      ['ar', `${origin}/ar/about`],
      ['fr', `${origin}/fr/about`],
      ['en', `${origin}/en/about`],
      ['x-default', `${origin}/ar/about`],
    ];
    expect(alternates('ar')).toEqual(expected);
    expect(alternates('fr')).toEqual(expected);
    expect(alternates('en')).toEqual(expected);
  });

  it('fills Open Graph and Twitter with an absolute image', () => {
    const og = (p: string) => find(meta, 'property', p)[0]?.content;
    expect(og('og:url')).toBe(`${origin}/fr/about`);
    expect(og('og:type')).toBe('website');
    expect(og('og:locale')).toBe('fr_DZ');
    expect(og('og:site_name')).toBe('EcoSouk');
    expect(og('og:image')).toBe(`${origin}/uploads/a-1200.webp`);
    expect(find(meta, 'name', 'twitter:card')[0]?.content).toBe('summary_large_image');
    expect(find(meta, 'name', 'twitter:image')[0]?.content).toBe(`${origin}/uploads/a-1200.webp`);
    const absolute = seoMeta({ lang: 'ar', publicUrl: origin, path: '', title: 'x', image: 'https://cdn.example/p.jpg' }) as Row[];
    expect(find(absolute, 'property', 'og:image')[0]?.content).toBe('https://cdn.example/p.jpg');
    expect(find(absolute, 'property', 'og:locale')[0]?.content).toBe('ar_DZ');
  });

  it('is indexable unless asked otherwise', () => {
    expect(find(meta, 'name', 'robots')).toEqual([]);
    const hidden = seoMeta({ lang: 'en', publicUrl: origin, path: '/login', title: 'Log in', noindex: true }) as Row[];
    expect(find(hidden, 'name', 'robots')).toEqual([{ name: 'robots', content: 'noindex, nofollow' }]);
    expect(find(hidden, 'property', 'og:locale')[0]?.content).toBe('en_GB');
    expect(find(hidden, 'name', 'twitter:card')[0]?.content).toBe('summary');
  });
});

describe('jsonLd and conditions', () => {
  it('wraps data in a ld+json script descriptor with a context', () => {
    expect(jsonLd({ '@type': 'Thing', name: 'x' })).toEqual({ 'script:ld+json': { '@context': 'https://schema.org', '@type': 'Thing', name: 'x' } });
  });

  it('maps listing conditions to schema.org', () => {
    expect(itemCondition('new')).toBe('https://schema.org/NewCondition');
    expect(itemCondition('like-new')).toBe('https://schema.org/UsedCondition');
    expect(itemCondition('fair')).toBe('https://schema.org/UsedCondition');
    expect(itemCondition('for-parts')).toBe('https://schema.org/DamagedCondition');
  });
});
