-- The in-memory search index holds each listing's lexemes too (decision 0046): an edit of its
-- words (title, description, their translations: whatever search_vector is made of) must reach
-- it, as a change of price or place does (migration 0022).
DROP TRIGGER IF EXISTS products_search_index_update ON products;--> statement-breakpoint
CREATE TRIGGER products_search_index_update AFTER UPDATE ON products
FOR EACH ROW WHEN ((OLD.listed OR NEW.listed) AND (NEW.listed IS DISTINCT FROM OLD.listed
  OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
  OR NEW.price IS DISTINCT FROM OLD.price OR NEW.category IS DISTINCT FROM OLD.category
  OR NEW.address IS DISTINCT FROM OLD.address OR NEW.commune IS DISTINCT FROM OLD.commune
  OR NEW.condition IS DISTINCT FROM OLD.condition OR NEW.price_type IS DISTINCT FROM OLD.price_type
  OR NEW.exchange IS DISTINCT FROM OLD.exchange OR NEW.user_id IS DISTINCT FROM OLD.user_id
  OR NEW.search_vector IS DISTINCT FROM OLD.search_vector))
EXECUTE FUNCTION ecosouk_search_index_listing();
