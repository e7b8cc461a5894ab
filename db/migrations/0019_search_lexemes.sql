-- The search vectors' vocabulary (decision 0029): every lexeme of every listing's search_vector, so that
-- the last word of a search, a prefix, is expanded into the lexemes it starts and GIN looks up whole
-- entries rather than collecting a partial match. Kept by the database itself, like search_terms
-- (migration 0007); a superset of the listed listings' lexemes (stale ones match nothing).
CREATE TABLE "search_lexemes" (
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ecosouk_collect_search_lexemes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.search_vector IS NOT NULL THEN
    INSERT INTO search_lexemes (lexeme)
    SELECT unnest(tsvector_to_array(NEW.search_vector))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Before the backfill: the trigger's lock holds writes back until this migration commits, so no
-- listing written meanwhile is missed.
CREATE TRIGGER products_search_lexemes_insert AFTER INSERT ON products
FOR EACH ROW EXECUTE FUNCTION ecosouk_collect_search_lexemes();--> statement-breakpoint
-- Counters (views, reveals) and state changes leave the text alone: those updates skip it.
CREATE TRIGGER products_search_lexemes_update AFTER UPDATE ON products
FOR EACH ROW WHEN (NEW.search_vector IS DISTINCT FROM OLD.search_vector)
EXECUTE FUNCTION ecosouk_collect_search_lexemes();--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT lexeme FROM products, unnest(tsvector_to_array(search_vector)) AS lexeme;--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexemes_key" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);
