#!/bin/sh
# Registers Patchbay's Temporal namespace once the server answers (temporalio/server does
# not create one by itself; the old auto-setup image used to). Idempotent.
set -eu

: "${TEMPORAL_ADDRESS:?}"
NAMESPACE=${TEMPORAL_NAMESPACE:-default}
RETENTION=${TEMPORAL_NAMESPACE_RETENTION:-168h}

tries=0
until temporal operator cluster health --address "$TEMPORAL_ADDRESS"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 30 ]; then
    echo "Temporal at ${TEMPORAL_ADDRESS} did not become healthy" >&2
    exit 1
  fi
  sleep 2
done

if temporal operator namespace describe --address "$TEMPORAL_ADDRESS" -n "$NAMESPACE" >/dev/null 2>&1; then
  echo "Namespace ${NAMESPACE} already exists."
else
  temporal operator namespace create --address "$TEMPORAL_ADDRESS" -n "$NAMESPACE" --retention "$RETENTION"
  echo "Namespace ${NAMESPACE} created (retention ${RETENTION})."
fi
