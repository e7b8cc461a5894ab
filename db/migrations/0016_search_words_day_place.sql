-- Words, day, category and wilaya in one GIN index (decision 0024): btree_gin lets a GIN index hold
-- plain values beside the search vector, so "these words in this wilaya, published in the last
-- days" is one index scan.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "products_search_day_idx" ON "products" USING gin ("search_vector",((created_at at time zone 'UTC')::date),"category","address") WHERE listed;--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_idx";
