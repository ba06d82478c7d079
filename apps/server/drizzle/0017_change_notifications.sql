-- Cached answers (src/db/response-cache.ts) learn of changes from these notifications, sent at commit
-- by whichever process wrote the rows.
CREATE FUNCTION billow_notify_user_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('billow_user_data', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('billow_user_data', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('billow_user_data', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscriptions_notify AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION billow_notify_user_data();--> statement-breakpoint
CREATE TRIGGER bank_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON "bank_accounts"
  FOR EACH ROW EXECUTE FUNCTION billow_notify_user_data();--> statement-breakpoint
CREATE TRIGGER bank_items_notify AFTER INSERT OR UPDATE OR DELETE ON "bank_items"
  FOR EACH ROW EXECUTE FUNCTION billow_notify_user_data();--> statement-breakpoint
CREATE FUNCTION billow_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('billow_session', OLD.family_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER refresh_tokens_notify AFTER UPDATE OF revoked_at OR DELETE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION billow_notify_session();
