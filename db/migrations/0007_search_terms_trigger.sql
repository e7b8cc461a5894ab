-- The words of the search vocabulary (search_terms), kept by the database itself like the
-- search columns: every word of an active listing's normalized text, 3 to 32 characters.
-- Words of deleted or changed listings stay: a stale word only costs a typo lookup that
-- finds no listing.
CREATE OR REPLACE FUNCTION ecosouk_collect_search_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' AND NEW.search_text IS NOT NULL THEN
    INSERT INTO search_terms (term)
    SELECT DISTINCT word FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.search_text))) AS word
    WHERE length(word) BETWEEN 3 AND 32
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert AFTER INSERT ON products
FOR EACH ROW EXECUTE FUNCTION ecosouk_collect_search_terms();--> statement-breakpoint
-- Counters (views, reveals) change far more often than the text: those updates skip it.
CREATE TRIGGER products_search_terms_update AFTER UPDATE ON products
FOR EACH ROW WHEN (NEW.search_text IS DISTINCT FROM OLD.search_text OR NEW.status IS DISTINCT FROM OLD.status)
EXECUTE FUNCTION ecosouk_collect_search_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word FROM products, unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS word
WHERE status = 'active' AND length(word) BETWEEN 3 AND 32
ON CONFLICT DO NOTHING;
