-- Search normalization, in SQL so that stored text and queries go through the very same function.
-- Arabic: hamza forms of alef → ا, ta marbuta → ه, alef maqsura → ي, harakat/shadda/superscript alef
-- and tatweel removed, Arabic-Indic and Persian digits → Latin. Latin: lower case, accents removed.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes the
-- wrapper safe to declare IMMUTABLE, which generated columns and indexes require.
CREATE OR REPLACE FUNCTION ecosouk_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(
    translate(
      lower(public.unaccent('public.unaccent'::regdictionary, input)),
      'أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
      'ااااهي01234567890123456789'
    ),
    '[\u064B-\u0652\u0670\u0640]',
    '',
    'g'
  )
$$;
