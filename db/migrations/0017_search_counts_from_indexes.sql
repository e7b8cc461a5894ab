-- The search's b-tree indexes end with the rest of the visibility rules (expires_at, user_id), so that a
-- capped count is an index-only scan instead of up to 1,001 table rows read (decision 0024).
DROP INDEX "products_active_category_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_price_idx";--> statement-breakpoint
DROP INDEX "products_active_category_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_created_idx";--> statement-breakpoint
DROP INDEX "products_active_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
DROP INDEX "products_listed_commune_created_idx";--> statement-breakpoint
CREATE INDEX "products_active_category_address_created_idx" ON "products" USING btree ("category","address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category","price","id","expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_address_price_idx" ON "products" USING btree ("category","address","price","expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_price_idx" ON "products" USING btree ("address","price","id","expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_created_idx" ON "products" USING btree ("address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price","id","expires_at","user_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_commune_created_idx" ON "products" USING btree ("commune","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","user_id") WHERE listed;