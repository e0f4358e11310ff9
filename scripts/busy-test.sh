#!/usr/bin/env bash
# Runs a command (by default the README's `npm test`) with both cores kept busy by CPU hogs beside
# it, as CI and a newcomer's machine often are, and prints how long it took. A test that passes
# quietly but fails here depends on the machine's speed: drive it by events and counts instead.
#   scripts/busy-test.sh                       npm test beside two hogs
#   HOGS=4 scripts/busy-test.sh bash .ci/run   the whole CI beside four
set -u
hogs=${HOGS:-2}
pids=()
stop_hogs() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; }
trap stop_hogs EXIT INT TERM
for _ in $(seq "$hogs"); do
  # A busy loop at normal priority: it takes a full core for as long as the command runs.
  node -e 'for (;;) {}' &
  pids+=($!)
done
[ $# -eq 0 ] && set -- npm test
start=$SECONDS
"$@"
status=$?
echo "busy-test: '$*' beside $hogs CPU hogs took $(((SECONDS - start) / 60)) min $(((SECONDS - start) % 60)) s, exit $status"
exit $status
