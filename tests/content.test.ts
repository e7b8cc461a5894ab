import { describe, it, expect } from 'vitest';
import { LANGS, type Lang } from '../common/languages.ts';
import { about } from '../common/content/about.ts';
import { BLOG_ARTICLES, findArticle } from '../common/content/blog.ts';
import { privacyPolicy } from '../common/content/privacy-policy.ts';
import { termsOfService } from '../common/content/terms-of-service.ts';

const ARABIC_LETTER = /[\u0621-\u064A]/;

interface Found {
  path: string;
  lang: Lang;
  text: unknown;
}

/** True for `{ ar, fr, en }` objects: a Localized text or per-language paragraphs. */
function isPerLanguage(value: object): value is Record<Lang, unknown> {
  const keys = Object.keys(value).sort();
  return keys.length === LANGS.length && [...LANGS].sort().every((lang, i) => keys[i] === lang);
}

/** Every text found under a per-language object anywhere inside `value`. */
function collectTexts(value: unknown, path: string, out: Found[] = []): Found[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => collectTexts(item, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    if (isPerLanguage(value)) {
      for (const lang of LANGS) {
        const texts = value[lang];
        if (!Array.isArray(texts)) {
          out.push({ path: `${path}.${lang}`, lang, text: texts });
        } else if (texts.length === 0) {
          // An empty paragraph list counts as an empty text.
          out.push({ path: `${path}.${lang}`, lang, text: '' });
        } else {
          texts.forEach((text: unknown, i) => out.push({ path: `${path}.${lang}[${i}]`, lang, text }));
        }
      }
    } else {
      for (const [key, child] of Object.entries(value)) collectTexts(child, `${path}.${key}`, out);
    }
  }
  return out;
}

const modules: Record<string, unknown> = {
  about,
  blog: BLOG_ARTICLES,
  privacyPolicy,
  termsOfService,
};

describe.each(Object.entries(modules))('%s texts', (name, content) => {
  const texts = collectTexts(content, name);

  it('contains localized texts', () => {
    expect(texts.length).toBeGreaterThan(0);
  });

  it('has every text non-empty in all three languages', () => {
    for (const { path, text } of texts) {
      expect(typeof text, path).toBe('string');
      expect(String(text).trim(), path).not.toBe('');
    }
  });

  it('writes Arabic in Arabic letters and French/English without any', () => {
    for (const { path, lang, text } of texts) {
      if (lang === 'ar') expect(String(text), path).toMatch(ARABIC_LETTER);
      else expect(String(text), path).not.toMatch(ARABIC_LETTER);
    }
  });
});

describe('about', () => {
  it('has a title, a description and sections', () => {
    expect(about.sections.length).toBeGreaterThanOrEqual(3);
  });
});

describe('blog', () => {
  it('has exactly two articles with unique ids', () => {
    expect(BLOG_ARTICLES).toHaveLength(2);
    const ids = BLOG_ARTICLES.map((a) => a.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toEqual(expect.arrayContaining(['welcome-to-ecosouk', 'how-to-use-ecosouk']));
  });

  it('dates every article in June 2025', () => {
    for (const article of BLOG_ARTICLES) {
      expect(article.date, article.id).toMatch(/^2025-06-(0[1-9]|[12]\d|30)$/);
      expect(Number.isNaN(Date.parse(article.date)), article.id).toBe(false);
    }
  });

  it('has non-empty paragraphs in each language', () => {
    for (const article of BLOG_ARTICLES) {
      for (const lang of LANGS) {
        const paragraphs = article.content[lang];
        expect(paragraphs.length, `${article.id}.${lang}`).toBeGreaterThan(0);
        for (const p of paragraphs) expect(p.trim(), `${article.id}.${lang}`).not.toBe('');
      }
    }
  });

  it('finds articles by id', () => {
    expect(findArticle('how-to-use-ecosouk')?.id).toBe('how-to-use-ecosouk');
    expect(findArticle('missing')).toBeUndefined();
  });
});

describe('legal pages', () => {
  it('has three privacy sections, each with paragraphs', () => {
    expect(privacyPolicy.sections).toHaveLength(3);
    for (const section of privacyPolicy.sections) expect(section.body.length).toBeGreaterThan(0);
    expect(privacyPolicy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('has six terms sections', () => {
    expect(termsOfService.sections).toHaveLength(6);
    expect(termsOfService.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
