ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_type" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listed_commune_created_idx" ON "products" USING btree ("commune","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_attributes_idx" ON "products" USING gin ("attributes" jsonb_path_ops) WHERE listed;--> statement-breakpoint
CREATE INDEX "products_listed_automobile_year_mileage_idx" ON "products" USING btree (((attributes->>'year')::int), ((attributes->>'mileage')::int)) WHERE listed AND category = 'automobile';--> statement-breakpoint
CREATE INDEX "products_listed_automobile_mileage_idx" ON "products" USING btree (((attributes->>'mileage')::int)) WHERE listed AND category = 'automobile';--> statement-breakpoint
CREATE INDEX "products_listed_real_estate_surface_idx" ON "products" USING btree (((attributes->>'surface')::int)) WHERE listed AND category = 'real-estate';--> statement-breakpoint
CREATE INDEX "products_listed_electronics_storage_idx" ON "products" USING btree (((attributes->>'storage')::int)) WHERE listed AND category = 'electronics';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_free_price_check" CHECK ("products"."price_type" <> 'free' OR "products"."price" = 0);