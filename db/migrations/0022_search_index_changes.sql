CREATE TABLE "search_index_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"ref" bigint,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_index_changes_xid_idx" ON "search_index_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_index_changes_at_idx" ON "search_index_changes" USING btree ("at");--> statement-breakpoint
-- What the in-memory search index holds changed (decision 0045): the listing's ref, appended with
-- the writing transaction's id, so that an index reading "every change of a transaction not done
-- at my last read" misses none, whatever order transactions commit in. Views, reveals and edits
-- of what the index does not hold (texts, photos) change none of these columns: no row.
CREATE OR REPLACE FUNCTION ecosouk_search_index_listing() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_index_changes (ref) VALUES (OLD.ref);
  ELSE
    INSERT INTO search_index_changes (ref) VALUES (NEW.ref);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_index_insert AFTER INSERT ON products
FOR EACH ROW WHEN (NEW.listed)
EXECUTE FUNCTION ecosouk_search_index_listing();--> statement-breakpoint
CREATE TRIGGER products_search_index_update AFTER UPDATE ON products
FOR EACH ROW WHEN ((OLD.listed OR NEW.listed) AND (NEW.listed IS DISTINCT FROM OLD.listed
  OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
  OR NEW.price IS DISTINCT FROM OLD.price OR NEW.category IS DISTINCT FROM OLD.category
  OR NEW.address IS DISTINCT FROM OLD.address OR NEW.commune IS DISTINCT FROM OLD.commune
  OR NEW.condition IS DISTINCT FROM OLD.condition OR NEW.price_type IS DISTINCT FROM OLD.price_type
  OR NEW.exchange IS DISTINCT FROM OLD.exchange OR NEW.user_id IS DISTINCT FROM OLD.user_id))
EXECUTE FUNCTION ecosouk_search_index_listing();--> statement-breakpoint
CREATE TRIGGER products_search_index_delete AFTER DELETE ON products
FOR EACH ROW WHEN (OLD.listed)
EXECUTE FUNCTION ecosouk_search_index_listing();--> statement-breakpoint
-- A seller banned or let back: their listings leave or return.
CREATE OR REPLACE FUNCTION ecosouk_search_index_seller() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_changes (user_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_index_status AFTER UPDATE ON users
FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status)
EXECUTE FUNCTION ecosouk_search_index_seller();--> statement-breakpoint
-- TRUNCATE fires no row trigger: a row with neither ref nor user tells every index to load again.
CREATE OR REPLACE FUNCTION ecosouk_search_index_reset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_changes DEFAULT VALUES;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_index_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION ecosouk_search_index_reset();
