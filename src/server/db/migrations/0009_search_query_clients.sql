CREATE TABLE "search_query_clients" (
	"query" text NOT NULL,
	"client_hash" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	CONSTRAINT "search_query_clients_query_client_hash_bucket_start_pk" PRIMARY KEY("query","client_hash","bucket_start")
);
--> statement-breakpoint
CREATE INDEX "search_query_clients_bucket_idx" ON "search_query_clients" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "search_query_clients_client_idx" ON "search_query_clients" USING btree ("client_hash","bucket_start");