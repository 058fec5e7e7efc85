# npm's scripts start here (package.json). bootstrap.mjs checks the toolchain under whatever Node
# runs npm and prints, on descriptor 3, the command that runs the script under Node 24; this shell
# then becomes that command (exec), so no launcher stays behind npm. Node itself can exec only
# from 22.15 and 23.11, and a forwarding Node 20 held ~40 MiB for the stack's whole life
# (ADR 002, ADR 039). npm starts this through `exec` too: its own `sh -c` would otherwise stay.
set -e
exec 4>&1
handover=$(PATCHBAY_HANDOVER_FD=3 node "$(dirname "$0")/bootstrap.mjs" "$@" 3>&1 1>&4 4>&-)
exec 4>&-
eval "$handover"
