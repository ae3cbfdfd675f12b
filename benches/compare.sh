#!/usr/bin/env bash
# Times `queens count` against the plain C bitmask counter (../shared/bench/plain.c), the two
# run alternately (A B A B …, ../shared/bench/compare.py) so that a drift in the machine's speed
# hits both, and prints each configuration's median next to plain.c's with the ratio.
#
# Usage (from the project root):
#   benches/compare.sh                      n = 14..17, every configuration, 3 pairs each
#   RUNS=5 NS="16 17" benches/compare.sh    other sizes and repetitions
#   RECORD=1 benches/compare.sh             also append the results to data/tables/performance.csv
#
# Environment:
#   NS          board sizes (default "14 15 16 17")
#   RUNS        pairs per measurement (default 3)
#   CONFIGS     engine[/kernel] list (default: "symmetric/scalar", then symmetric/K for every
#               vector kernel K this CPU runs (`queens kernels`), then "enumerate")
#   ENUMERATE_MAX_N  largest n for the slow enumerate engine (default 15)
#   THREADS     threads for queens (default 1; plain.c is single-threaded)
#   SPEEDUP_NS  sizes at which to also time --threads 2 against --threads 1 (default "17")
#   MACHINE     machine description for the record (default: CPU model and core count)
#   RECORD      1 to append rows to data/tables/performance.csv (written atomically)
set -euo pipefail

if (($# > 0)); then
    case "$1" in
        -h | --help)
            sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "compare.sh: unexpected argument '$1' (it takes none; settings are environment variables, see --help)" >&2
            exit 2
            ;;
    esac
fi

cd "$(dirname "$0")/.."

NS=${NS:-"14 15 16 17"}
RUNS=${RUNS:-3}
THREADS=${THREADS:-1}
ENUMERATE_MAX_N=${ENUMERATE_MAX_N:-15}
SPEEDUP_NS=${SPEEDUP_NS:-"17"}
MACHINE=${MACHINE:-"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at start"}
COMPARE=../shared/bench/compare.py
PLAIN_SRC=../shared/bench/plain.c
CSV=data/tables/performance.csv
HEADER="date,machine,n,engine,kernel,threads,command,median_s,baseline,baseline_median_s,ratio_median,ratio_min,ratio_max,pairs"

echo "== building (cargo build --release; gcc -O3 -march=native $PLAIN_SRC)" >&2
cargo build --release --quiet
mkdir -p target
gcc -O3 -march=native "$PLAIN_SRC" -o target/plain
if [[ -z "${CONFIGS:-}" ]]; then
    CONFIGS="symmetric/scalar"
    # Every vector kernel this build has and this CPU runs (`queens kernels --format csv`:
    # kernel,here,auto,needs), so an AVX2 machine times avx2, an AVX-512 one avx2 and avx512.
    while IFS=, read -r kernel here _; do
        if [[ $kernel != scalar && $here == yes ]]; then
            CONFIGS+=" symmetric/$kernel"
        fi
    done < <(target/release/queens kernels --format csv | tail -n +2)
    CONFIGS+=" enumerate"
fi

date=$(date -u +%Y-%m-%dT%H:%MZ)
rows=()

# measure A B: runs compare.py and prints "medianA medianB ratio ratio_min ratio_max".
measure() {
    python3 "$COMPARE" -n "$RUNS" -- "$1" "$2" | awk '
        /^A:/ { getline; a = $2 }
        /^B:/ { getline; b = $2 }
        /^A\/B:/ { r = $3; gsub(/[(,]/, "", $5); gsub(/[),]/, "", $7); print a, b, r, $5, $7 }'
}

record() { # n engine kernel threads command median baseline baseline_median ratio min max
    rows+=("$date,\"$MACHINE\",$1,$2,$3,$4,\"$5\",$6,\"$7\",$8,$9,${10},${11},$RUNS")
}

printf '%-3s %-20s %8s %10s %10s %8s %s\n' n config threads "median s" "plain.c s" ratio "(min-max)"
for n in $NS; do
    for config in $CONFIGS; do
        engine=${config%%/*}
        kernel=${config#*/}
        [[ "$kernel" == "$config" ]] && kernel=scalar
        if [[ "$engine" == enumerate && "$n" -gt "$ENUMERATE_MAX_N" ]]; then
            continue
        fi
        kernel_arg=""
        [[ "$engine" == symmetric ]] && kernel_arg="--kernel $kernel"
        cmd="target/release/queens count $n --engine $engine $kernel_arg --threads $THREADS --quiet"
        cmd=${cmd//  / }
        read -r a b r rmin rmax < <(measure "$cmd" "target/plain $n")
        printf '%-3s %-20s %8s %10s %10s %8s (%s-%s)\n' "$n" "$config" "$THREADS" "$a" "$b" "$r" "$rmin" "$rmax"
        record "$n" "$engine" "$kernel" "$THREADS" "$cmd" "$a" "target/plain $n" "$b" "$r" "$rmin" "$rmax"
    done
done

for n in $SPEEDUP_NS; do
    for config in $CONFIGS; do
        engine=${config%%/*}
        kernel=${config#*/}
        [[ "$engine" == symmetric ]] || continue
        base="target/release/queens count $n --engine $engine --kernel $kernel --quiet"
        read -r a b r rmin rmax < <(measure "$base --threads 2" "$base --threads 1")
        printf '%-3s %-20s %8s %10s %10s %8s (%s-%s)  speed-up 2 vs 1 thread: %s\n' \
            "$n" "$config" 2 "$a" "(1 thr) $b" "$r" "$rmin" "$rmax" \
            "$(python3 -c "print(f'{1/$r:.2f}')")"
        record "$n" "$engine" "$kernel" 2 "$base --threads 2" "$a" "$base --threads 1" "$b" "$r" "$rmin" "$rmax"
    done
done

if [[ "${RECORD:-0}" == 1 ]]; then
    mkdir -p "$(dirname "$CSV")"
    tmp=$(mktemp "$CSV.XXXXXX")
    if [[ -s "$CSV" ]]; then cat "$CSV" >"$tmp"; else echo "$HEADER" >"$tmp"; fi
    printf '%s\n' "${rows[@]}" >>"$tmp"
    mv "$tmp" "$CSV"
    echo "== appended ${#rows[@]} rows to $CSV" >&2
fi
