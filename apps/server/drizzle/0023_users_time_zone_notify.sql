-- A person's zone is part of list-all's cached answer (days until due count from their today), so
-- a change of zone tells the cached answers as a change of their bills does.
CREATE FUNCTION billow_notify_user_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('billow_user_data', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_time_zone_notify AFTER UPDATE OF time_zone ON "users"
  FOR EACH ROW WHEN (NEW.time_zone IS DISTINCT FROM OLD.time_zone)
  EXECUTE FUNCTION billow_notify_user_zone();
