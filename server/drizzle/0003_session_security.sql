-- Failed-login counters (src/db/schema/login-throttle.ts); unlogged: they need no crash safety.
CREATE UNLOGGED TABLE "login_throttle" (
	"address" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_address_email_pk" PRIMARY KEY("address","email")
);
--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_started_at");
--> statement-breakpoint
-- Session cache invalidation (src/auth/session-invalidation.ts): every change that can end a
-- session or alter what a session loads is announced on one channel, from whichever process,
-- CLI or SQL session made it. NOTIFY is transactional: nothing is sent for a rolled-back change.
-- Arguments: the kind announced ('user' or 'token') and the column holding its id, so a table
-- keyed by user_id can announce its user with the same function.
CREATE FUNCTION "portal_announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "portal_announce_session_change"('user', 'id');
--> statement-breakpoint
-- Revoked, shortened or deleted while live; sliding the expiry forward (every minute of use) is not announced.
CREATE TRIGGER "auth_tokens_announce_revocation" AFTER UPDATE ON "auth_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at")
  EXECUTE FUNCTION "portal_announce_session_change"('token', 'id');
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_announce_deletion" AFTER DELETE ON "auth_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL)
  EXECUTE FUNCTION "portal_announce_session_change"('token', 'id');
