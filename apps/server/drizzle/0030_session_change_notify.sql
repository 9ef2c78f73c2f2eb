-- Sessions kept by each app process for a moment (issue 20, ADR 019 session 15, auth/session-cache.ts): the
-- database tells every process at commit when what authentication reads has changed, whichever code path, process
-- or command-line tool changed it. The payload is the user's id; the processes drop that user's kept sessions.
-- What authentication reads: a session's user, expiry and revocation; a user's status, role, token version and
-- username; and deletions of either. A session's last-seen time (written every few minutes) is not part of it.
-- Every pooled connection of an app process LISTENs, so the process whose statement committed the change hears it
-- before that statement's answer reaches it (PostgreSQL sends the notification ahead of the commit's reply; PGlite
-- calls its listeners while it runs the statement).
CREATE OR REPLACE FUNCTION "notify_session_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('lyceum_sessions', COALESCE(NEW."id", OLD."id")::text);
  ELSE
    PERFORM pg_notify('lyceum_sessions', OLD."user_id"::text);
    IF TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id" THEN
      PERFORM pg_notify('lyceum_sessions', NEW."user_id"::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OF "status", "role", "token_version", "username" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_session_change" AFTER UPDATE OF "user_id", "expires_at", "revoked_at", "revoked_reason" OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
