/**
 * Migration 15 (PostgreSQL): every change to `bindings`, `naans` and `commitments` sends a NOTIFY on
 * `pidgate_changes` (changes.ts), delivered at commit to every instance listening (pg-changes.ts). Triggers,
 * so no write path (admin, EZID, console, batch upload, import, purge, a hand-written SQL statement) can
 * forget one. Payload: `<schema> key <key>` for a binding row (both keys when an UPDATE renames one),
 * `<schema> naans` / `<schema> commitments` for those lists. After 64 notifications in one transaction the
 * rest of it sends one `<schema> flush` instead (an import's batch of thousands of rows empties the caches
 * once rather than naming each key); a key too long for a payload (8000 bytes) and TRUNCATE also flush.
 * The count lives in a transaction-local setting (`pidgate.changes`), so it starts again at every
 * transaction; PostgreSQL folds identical payloads of one transaction into one.
 */
export const FLUSH_AFTER = 64;

export const CHANGE_TRIGGERS_NAME = 'change notifications (NOTIFY pidgate_changes) for the binding caches';

export const POSTGRES_CHANGE_TRIGGERS_SQL = `
CREATE OR REPLACE FUNCTION pidgate_notify_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  n integer := coalesce(nullif(current_setting('pidgate.changes', true), ''), '0')::integer;
  flush boolean := false;
BEGIN
  IF n > ${FLUSH_AFTER} THEN RETURN NULL; END IF;
  IF TG_OP = 'TRUNCATE' THEN
    flush := true;
  ELSIF TG_TABLE_NAME = 'bindings' THEN
    n := n + CASE WHEN TG_OP = 'UPDATE' AND OLD.key IS DISTINCT FROM NEW.key THEN 2 ELSE 1 END;
    IF n > ${FLUSH_AFTER}
       OR octet_length(CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END) > 7000
       OR (TG_OP = 'UPDATE' AND octet_length(OLD.key) > 7000) THEN
      flush := true;
    ELSE
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('pidgate_changes', TG_TABLE_SCHEMA || ' key ' || OLD.key); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.key IS DISTINCT FROM NEW.key) THEN
        PERFORM pg_notify('pidgate_changes', TG_TABLE_SCHEMA || ' key ' || NEW.key);
      END IF;
    END IF;
  ELSE
    n := n + 1;
    PERFORM pg_notify('pidgate_changes', TG_TABLE_SCHEMA || ' ' || TG_TABLE_NAME);
  END IF;
  IF flush THEN
    n := ${FLUSH_AFTER + 1};
    PERFORM pg_notify('pidgate_changes', TG_TABLE_SCHEMA || ' flush');
  END IF;
  PERFORM set_config('pidgate.changes', n::text, true);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER bindings_notify AFTER INSERT OR UPDATE OR DELETE ON bindings
  FOR EACH ROW EXECUTE FUNCTION pidgate_notify_change();
CREATE TRIGGER bindings_notify_truncate AFTER TRUNCATE ON bindings
  FOR EACH STATEMENT EXECUTE FUNCTION pidgate_notify_change();
CREATE TRIGGER naans_notify AFTER INSERT OR UPDATE OR DELETE ON naans
  FOR EACH ROW EXECUTE FUNCTION pidgate_notify_change();
CREATE TRIGGER commitments_notify AFTER INSERT OR UPDATE OR DELETE ON commitments
  FOR EACH ROW EXECUTE FUNCTION pidgate_notify_change();
`;
