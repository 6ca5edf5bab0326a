#!/usr/bin/env bash
# The package works installed: build the wheel, install it into a fresh virtual environment outside the checkout,
# make the installation read-only, and use it from there (as an unprivileged user when this runs as root):
#   - `oddscalc tables --out DIR` reproduces the committed tables byte for byte;
#   - `edge blackjack --version 1994` and `edge casino-stud-poker` answer from the shipped data alone
#     (ODDSCALC_STORE=shipped: computing anything would be an error) within seconds;
#   - nothing is written inside the installation, and a user cache folder that cannot be written is a warning.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d /tmp/oddscalc-wheel.XXXXXX)
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT

"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$WORK/dist" "$ROOT"
WHEEL=$(ls "$WORK"/dist/oddscalc-*.whl)
SIZE=$(stat -c %s "$WHEEL")
echo "wheel: $(basename "$WHEEL"), $((SIZE / 1024)) KiB"
if [ "$SIZE" -gt $((25 * 1024 * 1024)) ]; then echo "the wheel passes 25 MB" >&2; exit 1; fi
"$PYTHON" -c 'import sys, zipfile; names = zipfile.ZipFile(sys.argv[1]).namelist()
sys.exit(not any(n.startswith("oddscalc/data/blackjack-game-") for n in names))' "$WHEEL" || {
    echo "no shipped data in the wheel" >&2; exit 1; }

# The installation is used by an unprivileged user where this runs as root (root ignores read-only permissions),
# so its interpreter must be one that user can run (a Python under /root is not): else the system's python3.
AS=""
VENV_PYTHON=$(command -v "$PYTHON")
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    AS=nobody
    if ! runuser -u nobody -- "$VENV_PYTHON" -c '' 2>/dev/null; then
        VENV_PYTHON=/usr/bin/python3
        runuser -u nobody -- "$VENV_PYTHON" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null || {
            echo "no Python >= 3.11 the user nobody can run; using the installation as root" >&2; AS=""
            VENV_PYTHON=$(command -v "$PYTHON"); }
    fi
fi
"$VENV_PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install --quiet -c "$ROOT/constraints.txt" "$WHEEL"
SITE=$("$WORK/venv/bin/python" -c 'import oddscalc, pathlib; print(pathlib.Path(oddscalc.__file__).parent.parent)')
chmod -R a-w "$WORK/venv"
chmod a+rx "$WORK"
touch "$WORK/stamp"
sleep 1

# As the unprivileged user where possible; its home is not writable, so the user cache cannot be written either.
run() {
    if [ -n "$AS" ]; then
        (cd / && runuser -u nobody -- env HOME=/nonexistent ODDSCALC_WORKERS=2 "$@")
    else
        (cd / && env ODDSCALC_CACHE="$WORK/cache" "$@")
    fi
}

mkdir "$WORK/tables" && chmod a+rwx "$WORK/tables"
run "$WORK/venv/bin/oddscalc" tables --out "$WORK/tables" 2>"$WORK/tables.err" || { cat "$WORK/tables.err" >&2; exit 1; }
diff -r "$ROOT/tables" "$WORK/tables" >/dev/null || { echo "installed tables differ from tables/" >&2;
    diff -rq "$ROOT/tables" "$WORK/tables" >&2; exit 1; }
echo "tables from the installed wheel: identical to tables/"

for query in "edge blackjack --version 1994" "edge casino-stud-poker"; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    run env ODDSCALC_STORE=shipped "$WORK/venv/bin/oddscalc" $query >"$WORK/out.txt" 2>"$WORK/err.txt" || {
        cat "$WORK/err.txt" >&2; exit 1; }
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    echo "oddscalc $query: answered from shipped data in $((ms / 1000)).$(printf %03d $((ms % 1000))) s" \
         "($(wc -l <"$WORK/out.txt") lines)"
    if [ "$ms" -gt 20000 ]; then echo "too slow: $ms ms" >&2; exit 1; fi
done

written=$(find "$SITE" "$WORK/venv" -newer "$WORK/stamp" | head -5)
if [ -n "$written" ]; then echo "written inside the installation:" >&2; echo "$written" >&2; exit 1; fi
echo "nothing written inside the installation"
