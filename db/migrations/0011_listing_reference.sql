ALTER TABLE "products" ADD COLUMN "ref" bigserial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_ref_key" ON "products" USING btree ("ref");