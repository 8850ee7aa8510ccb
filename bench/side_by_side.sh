#!/usr/bin/env bash
# The benches of two checkouts side by side, alternated, each in its own installed venv:
#   bash bench/side_by_side.sh BEFORE_DIR AFTER_DIR [ROUNDS] [SEASON_DIR]
# Each DIR is a checkout with its own .venv (`python -m venv .venv && .venv/bin/pip install -e
# '.[test]'`, which compiles with mypyc). SEASON_DIR holds the game files both replay (simulated
# by AFTER's `scorebook simulate` when missing; files the older rules refuse must be removed so
# that both replay the same games). Each line gives the bench's own figure and, from
# /usr/bin/time, the processor time, which a loaded machine disturbs far less than the wall clock.
set -u
before=$1 after=$2 rounds=${3:-2} season=${4:-/tmp/side-by-side-season}
if [ ! -d "$season" ]; then
  (cd "$after" && .venv/bin/scorebook simulate --games 2430 --seed 1 --out "$season" --jobs 2 >/dev/null)
fi
games=$(find "$season" -name '*.game' | wc -l)
run() {  # run NAME DIR COMMAND...
  local name=$1 dir=$2 db; shift 2
  local log; log=$(mktemp)
  (cd "$dir" && . .venv/bin/activate && /usr/bin/time -f "user=%Us sys=%Ss wall=%es" "$@" >"$log.out" 2>"$log")
  echo "$name $(basename "$dir"): $(grep -v '^$' "$log.out" | tail -2 | tr '\n' ' ')| $(tail -1 "$log")"
  rm -f "$log" "$log.out"
}
for _ in $(seq 1 "$rounds"); do
  for dir in "$before" "$after"; do
    db=$(mktemp -u --suffix .db)
    run replay "$dir" python bench/replay_speed.py --jobs 1 --games "$games" --season "$season"
    run simulate "$dir" python bench/simulate_speed.py --games 300 --jobs 1
    run record "$dir" python bench/record_speed.py --times 10
    run import "$dir" python bench/import_speed.py --db "sqlite:///$db" --jobs 1
    run stats "$dir" python bench/stats_speed.py --db "sqlite:///$db"
    run pdf "$dir" python bench/pdf_speed.py --games 0
    rm -f "$db"
  done
done
