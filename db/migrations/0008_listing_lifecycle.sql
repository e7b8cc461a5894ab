DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_active_category_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_price_idx";--> statement-breakpoint
DROP INDEX "products_active_category_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_address_price_idx";--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_created_idx";--> statement-breakpoint
DROP INDEX "products_active_address_created_idx";--> statement-breakpoint
DROP INDEX "products_active_price_idx";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "moderation_checks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
-- Listings published before the lifecycle: LISTING_TTL_DAYS (default 60) after publication.
UPDATE "products" SET "expires_at" = "created_at" + interval '60 days';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (status = 'active' AND moderation = 'approved' AND sold_at IS NULL AND NOT expired) STORED;--> statement-breakpoint
CREATE INDEX "images_user_phash_idx" ON "images" USING btree ("user_id","phash") WHERE phash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listed_expires_idx" ON "products" USING btree ("expires_at") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_pending_idx" ON "products" USING btree ("created_at") WHERE moderation = 'pending';--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_address_created_idx" ON "products" USING btree ("category","address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category","price","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_address_price_idx" ON "products" USING btree ("category","address","price") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_price_idx" ON "products" USING btree ("address","price","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_address_created_idx" ON "products" USING btree ("address","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price","id") WHERE listed;