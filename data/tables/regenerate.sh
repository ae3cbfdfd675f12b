#!/usr/bin/env bash
# Regenerates the published tables in data/tables/ and the pictures in data/pictures/ with the
# release binary. Run from anywhere:
#
#     data/tables/regenerate.sh
#
# Environment (all optional):
#   QUEENS_ENGINE   engine for counts.csv (default: symmetric)
#   QUEENS_SPLIT    the symmetric engine's split, which decides its plan and so its nodes
#                   (default: ring; ignored for the enumerate engine, which has one plan)
#   QUEENS_THREADS  threads (default: 2)
#   QUEENS_MAX_N    largest n of counts.csv (default: 18)
#   QUEENS_SUPER_MAX_N  largest n of superqueens.csv (default: 19)
#   QUEENS_TORUS_MAX_N  largest board of torus.csv and torus-square.csv (default: 23)
#   QUEENS_SUPER_TORUS_MAX_N  largest board of superqueen-torus.csv (default: 25)
#
# counts.csv   n = 1..QUEENS_MAX_N, as `queens count --csv` writes it (engine, threads and
#              seconds are columns of the table; the plan is not, so the script prints it:
#              write it into data/tables/README.md, which tests/it/tables.rs checks)
# counts.json  the same run with its metadata: command line, start time, threads, OS, CPU
# counts.md    the same run as a Markdown table
# profile.csv  nodes per depth of the plain search tree, n = 1..14
# classes-8.csv  the 12 classes of n = 8
# superqueens.csv  superqueens (--piece superqueen), n = 1..QUEENS_SUPER_MAX_N (and .json, .md)
# torus.csv    queens on the torus, classes under the torus group with their orbit sizes,
#              boards 1..QUEENS_TORUS_MAX_N (and .json, .md)
# torus-square.csv  the same boards, classes under the 8 symmetries of the square alone
# superqueen-torus.csv  superqueens on the torus, boards 1..QUEENS_SUPER_TORUS_MAX_N, classes
#              under the torus group with their orbit sizes (and .json, .md; nothing published)
# given.csv    completions of one given queen, on a corner and on a central square, n = 4..18
set -euo pipefail

# No arguments: --help prints the comment above, anything else is refused.
case "$#:${1-}" in
    0:) ;;
    *:-h | *:--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "regenerate.sh: unexpected argument '$1' (it takes none; settings are environment variables, see --help)" >&2; exit 2 ;;
esac

cd "$(dirname "$0")/../.."

engine=${QUEENS_ENGINE:-symmetric}
split=${QUEENS_SPLIT:-ring}
threads=${QUEENS_THREADS:-2}
max_n=${QUEENS_MAX_N:-18}
super_max_n=${QUEENS_SUPER_MAX_N:-19}
torus_max_n=${QUEENS_TORUS_MAX_N:-23}
super_torus_max_n=${QUEENS_SUPER_TORUS_MAX_N:-25}
tables=data/tables
pictures=data/pictures

cargo build --release --quiet
queens=target/release/queens

split_args=()
if [[ $engine == symmetric ]]; then
    split_args=(--split "$split")
fi
# The plan's identity (with its version), from the plan column of a part row of n = 8.
plan=$("$queens" count 8 --engine "$engine" "${split_args[@]}" --part 0/1 --csv - --quiet |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "plan") col = i } NR == 2 { print $col }')
echo "counts.csv: n = 1..$max_n, engine $engine, plan $plan, $threads threads" >&2
"$queens" count "1-$max_n" --engine "$engine" "${split_args[@]}" --threads "$threads" --quiet \
    --csv "$tables/counts.csv" --json "$tables/counts.json" --markdown "$tables/counts.md" >/dev/null
echo "profile.csv: n = 1..14" >&2
"$queens" profile 1-14 --engine enumerate --threads "$threads" --quiet \
    --csv "$tables/profile.csv" >/dev/null
echo "classes-8.csv" >&2
"$queens" list 8 --classes --format csv -o "$tables/classes-8.csv"
echo "superqueens.csv: n = 1..$super_max_n" >&2
"$queens" count "1-$super_max_n" --piece superqueen --threads "$threads" --quiet \
    --csv "$tables/superqueens.csv" --json "$tables/superqueens.json" \
    --markdown "$tables/superqueens.md" >/dev/null
echo "torus.csv: boards 1..$torus_max_n, the torus group" >&2
"$queens" count "1-$torus_max_n" --board torus --threads "$threads" --quiet \
    --csv "$tables/torus.csv" --json "$tables/torus.json" --markdown "$tables/torus.md" >/dev/null
echo "torus-square.csv: boards 1..$torus_max_n, the square's symmetries" >&2
"$queens" count "1-$torus_max_n" --board torus --symmetries square --threads "$threads" --quiet \
    --csv "$tables/torus-square.csv" >/dev/null
echo "superqueen-torus.csv: boards 1..$super_torus_max_n, the torus group" >&2
"$queens" count "1-$super_torus_max_n" --board torus --piece superqueen --threads "$threads" \
    --quiet --csv "$tables/superqueen-torus.csv" --json "$tables/superqueen-torus.json" \
    --markdown "$tables/superqueen-torus.md" >/dev/null
# count --given prints its table for reading only; each row is taken from it into CSV (the
# group, the last text column before nodes, may hold spaces and commas, so it is quoted).
echo "given.csv: n = 4..18, one queen on a corner and on a central square" >&2
{
    echo "n,place,given,completions,classes,group,nodes"
    for n in $(seq 4 18); do
        # The corner: file a, rank n (row 0, column 0). The central square: row and column
        # (n-1)/2 rounded down, the middle one for odd n and one of the middle four for even n.
        c=$(((n - 1) / 2))
        file=$(printf "\\$(printf %o $((97 + c)))")
        for place in corner:"a$n" center:"$file$((n - c))"; do
            "$queens" count "$n" --given "${place#*:}" --threads "$threads" --quiet |
                awk -v place="${place%%:*}" 'NR == 2 {
                    match($0, /^ *[0-9]+ +[a-z0-9]+ +- +[0-9]+ +[0-9]+ +/)
                    split(substr($0, 1, RLENGTH), f, " ")
                    rest = substr($0, RLENGTH + 1)
                    match(rest, / +[0-9]+ +[a-z0-9]+ *$/)
                    group = substr(rest, 1, RSTART - 1)
                    split(substr(rest, RSTART), t, " ")
                    printf "%s,%s,%s,%s,%s,\"%s\",%s\n", f[1], place, f[2], f[4], f[5], group, t[1]
                }'
        done
    done
} >"$tables/given.csv"
echo "pictures" >&2
"$queens" plot "$tables/counts.csv" -o "$pictures/growth.svg"
"$queens" render 8 --class 10 -o "$pictures/n8-half-turn-class.svg"
"$queens" render 8 --all-classes -o "$pictures/n8-classes.svg"
"$queens" render 8 --orbit "2 4 1 7 0 6 3 5" -o "$pictures/n8-half-turn-orbit.svg"
"$queens" render 8 --solution "a8 b2 c4 d1 e7 f5 g3 h6" --labels chess -o "$pictures/n8-chess.svg"
"$queens" render 8 --solution "0 2 4 6 1 3 5 7" --allow-attacks -o "$pictures/n8-attacks.svg"
echo "done: name the plan $plan in data/tables/README.md (the committed run)" >&2
