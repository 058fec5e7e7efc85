#!/bin/sh
# Creates (if missing) and migrates Temporal's two PostgreSQL databases.
# Runs in temporalio/admin-tools as a one-shot job before the Temporal server starts.
# Idempotent: `create` ignores an existing database, `setup-schema -v 0.0` never lowers a
# recorded version, and `update-schema` only applies the versions that are missing, so it
# also upgrades the schema after the admin-tools/server tags are bumped (one minor at a time).
set -eu

: "${POSTGRES_SEEDS:?}" "${DB_PORT:?}" "${POSTGRES_USER:?}" "${POSTGRES_PWD:?}"
: "${DBNAME:=temporal}" "${VISIBILITY_DBNAME:=temporal_visibility}"
SCHEMA_DIR=/etc/temporal/schema/postgresql/v12
# temporal-sql-tool reads the password from SQL_PASSWORD, which keeps it off the command line.
export SQL_PASSWORD="$POSTGRES_PWD"

echo "Waiting for PostgreSQL at ${POSTGRES_SEEDS}:${DB_PORT}..."
tries=0
until nc -z "$POSTGRES_SEEDS" "$DB_PORT"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "PostgreSQL did not accept connections after 60 s" >&2
    exit 1
  fi
  sleep 1
done

sql() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$DB_PORT" -u "$POSTGRES_USER" "$@"
}

for pair in "$DBNAME:temporal" "$VISIBILITY_DBNAME:visibility"; do
  db=${pair%%:*}
  dir=${pair#*:}
  echo "Setting up database ${db} (${dir} schema)"
  sql --db "$db" create
  sql --db "$db" setup-schema -v 0.0
  sql --db "$db" update-schema -d "${SCHEMA_DIR}/${dir}/versioned"
done

echo "Temporal schema is up to date."
