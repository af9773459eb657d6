#!/usr/bin/env bash
# Build conformance/.peer-venv: a virtual environment of its own for the two peer libraries that
# ldpref's conformance harness checks (pure-ldp 1.2.0 and multi-freq-ldpy 0.2.5).
#
# The peers need numpy < 2 and old pins of their dependencies; ldpref itself runs on numpy 2, so they
# never go into ldpref's own install: the harness runs their adapters in this interpreter through a
# JSON-lines subprocess protocol (docs/conformance.md).
#
# Exit status 0 in both outcomes, with the status on the last line: "peer env ready: PATH" when the
# environment is ready, "peer env SKIPPED: reason" when it could not be built (no Python, no venv module,
# no package index reachable) -- a skip, never "the peers conform".  PEER_ENV_STRICT=1 makes a skip exit 3.
# Usage: conformance/make_peer_env.sh [PYTHON]    (default: python3; PEER_VENV overrides the folder)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
venv="${PEER_VENV:-$here/.peer-venv}"
py="${1:-${PEER_PYTHON:-python3}}"
SKIP=0
[ "${PEER_ENV_STRICT:-0}" = 1 ] && SKIP=3
PEERS=(pure-ldp==1.2.0 multi-freq-ldpy==0.2.5)
PINS=("numpy<2" "xxhash<4" "pandas<3" "scipy<1.14" "scikit-learn<1.6" "statsmodels<0.15")

skip() { echo "peer env SKIPPED: $*"; exit "$SKIP"; }

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import pure_ldp, multi_freq_ldpy, numpy; assert numpy.__version__ < "2"' 2>/dev/null; then
    echo "peer env ready: $venv/bin/python"
    exit 0
fi
command -v "$py" >/dev/null 2>&1 || skip "no Python interpreter '$py'"
"$py" -m venv "$venv" || skip "could not create a virtual environment at $venv with $py (python3-venv missing?)"
"$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
"$venv/bin/python" -m pip install --quiet "${PINS[@]}" "${PEERS[@]}" \
    || skip "pip could not install ${PEERS[*]} with ${PINS[*]} (no package index reachable, or no wheel for this Python)"
"$venv/bin/python" -c 'import pure_ldp, multi_freq_ldpy, numpy; assert numpy.__version__ < "2", numpy.__version__' \
    || skip "the peers installed but do not import in $venv"
echo "peer env ready: $venv/bin/python"
