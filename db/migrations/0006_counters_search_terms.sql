CREATE TABLE "counted_visits" (
	"kind" text NOT NULL,
	"product_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counted_visits_kind_product_id_visitor_pk" PRIMARY KEY("kind","product_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "event_days" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"type" text NOT NULL,
	"shown" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "event_days_day_product_id_type_shown_pk" PRIMARY KEY("day","product_id","type","shown")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "counted_visits" ADD CONSTRAINT "counted_visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_days" ADD CONSTRAINT "event_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counted_visits_counted_at_idx" ON "counted_visits" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "event_days_product_idx" ON "event_days" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");