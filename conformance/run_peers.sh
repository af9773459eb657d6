#!/usr/bin/env bash
# Run ldpref's conformance harness on the two peer libraries (pure-ldp 1.2.0, multi-freq-ldpy 0.2.5) with a
# fixed seed, in their own virtual environment (built by make_peer_env.sh when missing), and write the
# results to conformance/results/<adapter>.json and .txt (the findings of docs/conformance.md).
#
# Exit status: 0 both libraries ran (whether or not they conform: that is the finding, in the results), or
# the peers' environment could not be built (a line "run_peers: SKIPPED: ..."; nothing checked, no results
# written); 2 the harness refused its input.
# Usage: conformance/run_peers.sh [TRIALS] [SEED]     (defaults 400 and 1; LDPREF_PYTHON: ldpref's
# interpreter, default .venv/bin/python of the repository when present, else python3)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
trials="${1:-400}"
seed="${2:-1}"
default_python=python3
[ -x "$root/.venv/bin/python" ] && default_python="$root/.venv/bin/python"
ldpref_python="${LDPREF_PYTHON:-$default_python}"
env_line="$("$here/make_peer_env.sh" | tail -1)"
echo "$env_line"
case "$env_line" in
    "peer env ready:"*) ;;
    *) echo "run_peers: SKIPPED: the peers' environment is not available; nothing was checked"; exit 0 ;;
esac
peer_python="${PEER_VENV:-conformance/.peer-venv}/bin/python"   # relative to the repository root (recorded in the results)
mkdir -p "$here/results"
worst=0
for adapter in pure_ldp multi_freq_ldpy; do
    echo "== $adapter ($trials trials, seed $seed)"
    (cd "$root" && PYTHONPATH="$root${PYTHONPATH:+:$PYTHONPATH}" "$ldpref_python" -m ldpref.cli conform \
        "conformance/adapters/$adapter.py" --python "$peer_python" --trials "$trials" --seed "$seed" --progress \
        --json "conformance/results/$adapter.json" --report "conformance/results/$adapter.txt")
    code=$?
    echo "== $adapter: ldpref conform exit status $code (0 conforms, 1 does not conform or could not run)"
    if [ "$code" -ge 2 ]; then worst=2; fi
done
exit "$worst"
