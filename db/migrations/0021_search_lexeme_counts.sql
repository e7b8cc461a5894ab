-- How many listed listings hold each lexeme, per category and price band and per wilaya, counted
-- every hour, and the departures since (decision 0035). A word one listing in twenty holds (47,000 at a million
-- listings) needed a capped count of its matches that read 1,001 table rows or more, 10-50 ms.
-- Its count in the category and the bands inside the price range (or in the wilaya), minus every listing that may
-- have left since (departures, listings past their end not swept yet, listings of banned
-- sellers), is a lower bound of its matches: above the cap, the capped count is known unread.
CREATE TABLE "search_departures" (
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexeme_counts" (
	"lexeme" text NOT NULL,
	"category" text NOT NULL,
	"band" integer NOT NULL,
	"listings" integer NOT NULL,
	CONSTRAINT "search_lexeme_counts_lexeme_category_band_pk" PRIMARY KEY("lexeme","category","band")
);
--> statement-breakpoint
CREATE TABLE "search_lexeme_places" (
	"lexeme" text NOT NULL,
	"address" text NOT NULL,
	"listings" integer NOT NULL,
	CONSTRAINT "search_lexeme_places_lexeme_address_pk" PRIMARY KEY("lexeme","address")
);--> statement-breakpoint
-- A price's band: its number of digits and its leading digit (12,500 is band 51), 0 for 0 and
-- below. services/search.ts priceBandsWithin lists the bands a price range holds whole.
CREATE OR REPLACE FUNCTION ecosouk_price_band(price integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN price < 1 THEN 0 ELSE length(price::text) * 10 + left(price::text, 1)::int END
$$;--> statement-breakpoint
-- A listed listing that stops being listed, is deleted, or changes text, category, wilaya or price while
-- listed may have left any count: one row, appended (no shared row to lock, unlike a counter per
-- lexeme). Views and reveals change none of these, so their updates skip it. New listings only
-- add matches, which a lower bound may miss.
CREATE OR REPLACE FUNCTION ecosouk_search_departure() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_departures DEFAULT VALUES;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_departure_update AFTER UPDATE ON products
FOR EACH ROW WHEN (OLD.listed AND (NOT NEW.listed OR NEW.search_vector IS DISTINCT FROM OLD.search_vector
  OR NEW.category IS DISTINCT FROM OLD.category OR NEW.address IS DISTINCT FROM OLD.address OR NEW.price IS DISTINCT FROM OLD.price))
EXECUTE FUNCTION ecosouk_search_departure();--> statement-breakpoint
CREATE TRIGGER products_search_departure_delete AFTER DELETE ON products
FOR EACH ROW WHEN (OLD.listed)
EXECUTE FUNCTION ecosouk_search_departure();--> statement-breakpoint
-- TRUNCATE fires no row trigger: the counts are forgotten instead.
CREATE OR REPLACE FUNCTION ecosouk_search_counts_forget() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_lexeme_counts;
  DELETE FROM search_lexeme_places;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_counts_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION ecosouk_search_counts_forget();--> statement-breakpoint
-- The count. One statement, so one snapshot: the departures it deletes are exactly those whose
-- listings it counts as they are now. The old counts are deleted first (the sub-selects run
-- before any row is inserted; an unreferenced deletion would run after, and collide with the new
-- rows). The lock orders two counts, so that the later snapshot is the one that stays.
CREATE OR REPLACE FUNCTION ecosouk_count_search_lexemes() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ecosouk_count_search_lexemes'));
  WITH seen AS (DELETE FROM search_departures),
  old AS (DELETE FROM search_lexeme_counts RETURNING 1),
  old_places AS (DELETE FROM search_lexeme_places RETURNING 1),
  -- Both kinds of cells in one scan of the listings (grouping sets): one snapshot for both.
  cells AS (
    SELECT lexeme, category, band, address, GROUPING(category) AS by_place, count(*)::int AS n
    -- Each listing's band once, not once per lexeme (OFFSET 0 keeps the sub-select apart): 22 s
    -- instead of 70 at a million listings.
    FROM (SELECT category, address, ecosouk_price_band(price) AS band, search_vector FROM products WHERE listed OFFSET 0) AS p,
      unnest(tsvector_to_array(p.search_vector)) AS lexeme
    WHERE (SELECT count(*) FROM old) + (SELECT count(*) FROM old_places) >= 0
    GROUP BY GROUPING SETS ((lexeme, category, band), (lexeme, address))
  ),
  -- Only a lexeme more listings hold than the search's count stops at (COUNT_CAP, 1,000) can
  -- bound a count above it: the rare ones, most of a real vocabulary, are left out (a missing
  -- count is 0, a weaker bound).
  kept AS (SELECT * FROM (SELECT *, sum(n) OVER (PARTITION BY lexeme, by_place) AS total FROM cells) AS c WHERE total > 1000),
  places AS (INSERT INTO search_lexeme_places (lexeme, address, listings) SELECT lexeme, address, n FROM kept WHERE by_place = 1)
  INSERT INTO search_lexeme_counts (lexeme, category, band, listings)
  SELECT lexeme, category, band, n FROM kept WHERE by_place = 0;
END
$$;--> statement-breakpoint
SELECT ecosouk_count_search_lexemes();
