CREATE TABLE "center_join_links" (
	"harvest_center_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "center_join_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "center_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"requester_id" integer NOT NULL,
	"harvest_center_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "center_join_requests_kind_check" CHECK ("center_join_requests"."kind" IN ('staff', 'rhc')),
	CONSTRAINT "center_join_requests_status_check" CHECK ("center_join_requests"."status" IN ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "staged_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "center_join_links" ADD CONSTRAINT "center_join_links_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_join_requests" ADD CONSTRAINT "center_join_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_join_requests" ADD CONSTRAINT "center_join_requests_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_join_requests" ADD CONSTRAINT "center_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "center_join_requests_key" ON "center_join_requests" USING btree ("kind","requester_id","harvest_center_id");--> statement-breakpoint
CREATE INDEX "center_join_requests_hc_idx" ON "center_join_requests" USING btree ("harvest_center_id","status","created_at");--> statement-breakpoint
CREATE INDEX "staged_uploads_user_idx" ON "staged_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "staged_uploads_created_idx" ON "staged_uploads" USING btree ("created_at");