#!/usr/bin/env bash
# Benchmarks of the cluster features (release binary; run from the project root).
#
#   benches/cluster.sh balance N MOD [ENGINE]   time each of the MOD parts of n on one thread
#                                               (from the parts' own `seconds` column, the best
#                                               of $REPS runs); prints the median, the slowest
#                                               and their ratio
#   benches/cluster.sh checkpoint N RUNS [ENGINE] [THREADS]
#                                               whole run with and without --checkpoint (a fresh
#                                               file each time), alternated RUNS times; wall-clock
#                                               and CPU-time medians and paired ratios
#
# The machine is shared and noisy: quote medians and the median of the paired ratios.
set -euo pipefail
case "${1:-}" in
  balance | checkpoint)
    if (($# < 3)); then
      echo "cluster.sh $1: expected N and $([[ $1 == balance ]] && echo MOD || echo RUNS) (see --help)" >&2
      exit 2
    fi
    ;;
  -h | --help)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "cluster.sh: expected 'balance' or 'checkpoint' as the first argument (see --help)" >&2
    exit 2
    ;;
esac
cd "$(dirname "$0")/.."
cargo build --release -q
# A private copy, so that rebuilding during a long benchmark does not change what is measured.
bin=$(mktemp -d)
cp target/release/queens "$bin/queens"
q=$bin/queens

case "${1:-}" in
  balance)
    n=$2 m=$3 engine=${4:-} reps=${REPS:-1}
    dir=$(mktemp -d)
    trap 'rm -rf "$dir" "$bin"' EXIT
    # Each part REPS times (default 1); a part's time is its fastest run, the least disturbed
    # by other work on the machine.
    for ((k = 0; k < reps; k++)); do
      for ((r = 0; r < m; r++)); do
        "$q" count "$n" ${engine:+--engine "$engine"} --part "$r/$m" --threads 1 -q --csv "$dir/p$r.$k.csv" >/dev/null
      done
      mkdir -p "$dir/set$k" && mv "$dir"/p*."$k".csv "$dir/set$k/"
      "$q" merge "$dir/set$k"/p*.csv -q >/dev/null # the parts are a complete, verified set
    done
    python3 - "$dir" "$m" <<'PY'
import csv, glob, os, statistics, sys
best = {}
for f in glob.glob(sys.argv[1] + "/set*/p*.csv"):
    row = next(csv.DictReader(open(f)))
    part = os.path.basename(f).split(".")[0]
    if part not in best or float(row["seconds"]) < float(best[part]["seconds"]):
        best[part] = row
rows = list(best.values())
secs = sorted(float(r["seconds"]) for r in rows)
units = sorted(int(r["units"]) for r in rows)
med = statistics.median(secs)
r = rows[0]
print(f"n={r['n']} engine={r['engine']} plan={r['plan']} MOD={sys.argv[2]}: {r['plan_units']} units, {units[0]}-{units[-1]} per part")
print(f"part seconds: min {secs[0]:.3f}, median {med:.3f}, max {secs[-1]:.3f}; slowest/median = {secs[-1] / med:.2f}; total {sum(secs):.1f}")
PY
    ;;
  checkpoint)
    n=$2 runs=$3 engine=${4:-} threads=${5:-2}
    ck=$(mktemp -u)
    trap 'rm -rf "$ck" "$bin"' EXIT
    # Alternates A (no checkpoint) and B (a fresh checkpoint each run) after one warm-up each;
    # reports wall-clock and CPU (user + system) medians and the medians of the paired ratios.
    python3 - "$runs" "$ck" "$q" count "$n" ${engine:+--engine "$engine"} --threads "$threads" -q <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, ck, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def run(with_ck):
    if os.path.exists(ck):
        os.remove(ck)
    c = cmd + (["--checkpoint", ck] if with_ck else [])
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(c, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
run(False), run(True)
a, b = [], []
for _ in range(runs):
    a.append(run(False))
    b.append(run(True))
units = sum(1 for l in open(ck) if l.startswith("unit,"))
print(f"{' '.join(cmd)}  [+ --checkpoint: {units} unit lines]")
for name, i in (("wall", 0), ("cpu", 1)):
    ma, mb = statistics.median(x[i] for x in a), statistics.median(x[i] for x in b)
    ratios = [y[i] / x[i] for x, y in zip(a, b)]
    print(f"{name:4}: without {ma:.3f} s, with {mb:.3f} s; with/without median {statistics.median(ratios):.4f} (min {min(ratios):.4f}, max {max(ratios):.4f}) over {runs} pairs")
PY
    ;;
esac
