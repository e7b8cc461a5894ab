-- Searches answered from the indexes alone (decision 0025): the category details' b-tree indexes hold
-- every column a search filters or sorts on (a choice as attributes->>'key', a number cast to int, and
-- the jsonb itself, from which any other detail filter is computed), so their counts and pages' ids are
-- index-only scans; the search's b-trees also hold the condition, price type and exchange flag (and the newest-first
-- ones the price, the commune's one the category and wilaya).
DROP INDEX "products_active_category_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_price_idx";--> statement-breakpoint
DROP INDEX "products_active_category_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_created_idx";--> statement-breakpoint
DROP INDEX "products_active_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
DROP INDEX "products_listed_commune_created_idx";--> statement-breakpoint
DROP INDEX "products_listed_automobile_year_mileage_idx";--> statement-breakpoint
DROP INDEX "products_listed_automobile_mileage_idx";--> statement-breakpoint
DROP INDEX "products_listed_real_estate_surface_idx";--> statement-breakpoint
DROP INDEX "products_listed_electronics_storage_idx";--> statement-breakpoint
CREATE INDEX "products_listed_automobile_brand_idx" ON "products" USING btree ((attributes->>'brand'),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'automobile';--> statement-breakpoint
CREATE INDEX "products_listed_real_estate_rooms_offer_surface_idx" ON "products" USING btree ((attributes->>'rooms'),(attributes->>'offer'),((attributes->>'surface')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'real-estate';--> statement-breakpoint
CREATE INDEX "products_listed_electronics_brand_storage_idx" ON "products" USING btree ((attributes->>'brand'),((attributes->>'storage')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'electronics';--> statement-breakpoint
CREATE INDEX "products_active_category_address_created_idx" ON "products" USING btree ("category","address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id","condition","price_type","exchange","price") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category","price","id","expires_at","user_id","condition","price_type","exchange") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_address_price_idx" ON "products" USING btree ("category","address","price","expires_at","user_id","condition","price_type","exchange") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_price_idx" ON "products" USING btree ("address","price","id","expires_at","user_id","condition","price_type","exchange") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id","condition","price_type","exchange","price") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id","condition","price_type","exchange","price") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_created_idx" ON "products" USING btree ("address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id","condition","price_type","exchange","price") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price","id","expires_at","user_id","condition","price_type","exchange") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_commune_created_idx" ON "products" USING btree ("commune","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id","condition","price_type","exchange","price","category","address") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_automobile_year_mileage_idx" ON "products" USING btree (((attributes->>'year')::int),((attributes->>'mileage')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'automobile';--> statement-breakpoint
CREATE INDEX "products_listed_automobile_mileage_idx" ON "products" USING btree (((attributes->>'mileage')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'automobile';--> statement-breakpoint
CREATE INDEX "products_listed_real_estate_surface_idx" ON "products" USING btree (((attributes->>'surface')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'real-estate';--> statement-breakpoint
CREATE INDEX "products_listed_electronics_storage_idx" ON "products" USING btree (((attributes->>'storage')::int),"created_at","id","price","address","commune","expires_at","user_id","condition","price_type","exchange","attributes") WHERE listed AND category = 'electronics';