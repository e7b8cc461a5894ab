ALTER TABLE "saved_searches" ADD COLUMN "match_commune" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_price_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_attributes" jsonb;--> statement-breakpoint
-- Searches saved before: their commune and price type were in the query already (the alerts confirmed them one by one).
UPDATE "saved_searches" SET "match_commune" = coalesce("query"->>'commune', ''), "match_price_type" = coalesce("query"->>'priceType', '');
