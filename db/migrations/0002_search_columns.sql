ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ecosouk_normalize(
  coalesce(title, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_en, '') || ' ' ||
  coalesce("desc", '') || ' ' || coalesce(desc_ar, '') || ' ' || coalesce(desc_fr, '') || ' ' || coalesce(desc_en, ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ecosouk_normalize(
  coalesce(title, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_en, '') || ' ' ||
  coalesce("desc", '') || ' ' || coalesce(desc_ar, '') || ' ' || coalesce(desc_fr, '') || ' ' || coalesce(desc_en, ''))) || to_tsvector('french'::regconfig, ecosouk_normalize(
  coalesce(title, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_en, '') || ' ' ||
  coalesce("desc", '') || ' ' || coalesce(desc_ar, '') || ' ' || coalesce(desc_fr, '') || ' ' || coalesce(desc_en, ''))) || to_tsvector('english'::regconfig, ecosouk_normalize(
  coalesce(title, '') || ' ' || coalesce(title_ar, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_en, '') || ' ' ||
  coalesce("desc", '') || ' ' || coalesce(desc_ar, '') || ' ' || coalesce(desc_fr, '') || ' ' || coalesce(desc_en, '')))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (search_text gin_trgm_ops) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "products_active_category_address_created_idx" ON "products" USING btree ("category","address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category","price","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "products_active_address_price_idx" ON "products" USING btree ("address","price","id") WHERE status = 'active';