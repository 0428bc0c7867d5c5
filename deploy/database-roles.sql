-- The API's two PostgreSQL roles (docs/scaling.md, Database roles). Run once, as a superuser
-- (or the managed service's admin role), connected to the API's database, before the API's
-- first start on it; put real passwords in place of the two below.
--
-- review_owner owns the database, its schema and every table: it runs the migrations
-- (MIGRATION_DATABASE_URL) and nothing else. review_api is the API's role (DATABASE_URL): it
-- reads and writes rows and owns nothing, so it cannot drop, alter or empty a table, nor
-- disable a trigger: the append-only order history, payouts and paid order numbers, and the
-- trigger that keeps a paid order paid, hold against the API itself.
-- server/src/db/database-roles.test.ts runs this file.

CREATE ROLE review_owner LOGIN PASSWORD 'owner-password';
CREATE ROLE review_api LOGIN PASSWORD 'api-password';

-- The owner of the database owns its public schema (pg_database_owner) and may create in it,
-- and creates the migrator's own schema (drizzle) and the pg_trgm extension (a trusted one).
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I OWNER TO review_owner', current_database());
  EXECUTE format('REVOKE CREATE, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
END $$;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO review_api;

-- Every table and sequence the migrations create, now and later: rows only.
ALTER DEFAULT PRIVILEGES FOR ROLE review_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO review_api;
ALTER DEFAULT PRIVILEGES FOR ROLE review_owner IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO review_api;

-- A database the API's role migrated before: hand its objects to the owner, and grant the rows
-- (run as the superuser; REASSIGN names the role that owned them, here review_api):
--   REASSIGN OWNED BY review_api TO review_owner;
--   GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO review_api;
--   GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO review_api;
