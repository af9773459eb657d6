"""jiang-gcms Section VI-2 ("Analysis for the aux. server") shown by code.

- Dictionary attack: with an *unkeyed* hash the auxiliary server hashes a guessed item and compares it with
  the hash in each message, so it confirms the guess (:func:`dictionary_attack`, :func:`membership_game`);
  with the keyed hash of Section V-A it cannot compute ``H[d]`` and its best guess is no better than chance.
- Dropped bin: a malicious auxiliary server can delete every message of one bin.  With an unkeyed hash it
  can target a named item; with the keyed hash it cannot name one, but it can still delete the largest bin
  (the paper: "unavoidable even when keyed hash functions are used").  The paper states these attacks are
  possible and asks for an honest auxiliary server (a trusted authority or a TEE); :func:`drop_bin_view`
  shows that the server cannot detect a dropped bin from what it receives: under a shared seed its view is
  exactly that of an honest run on the data set without those clients.

Every function plays the auxiliary server with only its private key and what it observes.
"""

from __future__ import annotations

import hashlib

import numpy as np

from ..errors import ParameterError
from .auxiliary import AuxiliaryServer
from .client import Client, item_bytes
from .params import ThresholdParameters
from .protocol import Keys, streams
from .server import Server
from .shuffler import Shuffler


def unkeyed_hash(raw: bytes) -> bytes:
    """SHA-256 without a key: what anyone, the auxiliary server included, can compute."""
    return hashlib.sha256(raw).digest()


def make_client(keys: Keys, *, keyed: bool) -> Client:
    """A client of Algorithm 5; ``keyed=False`` is Section VI's weak variant (plain SHA-256)."""
    server = Server(keys.server_private, keys.hmac_key)
    auxiliary_public = _auxiliary(keys, 1.0, 1.0).public_key
    return Client(keys.hmac_key, server.public_key, auxiliary_public,
                  hash_function=None if keyed else unkeyed_hash)


def dictionary_attack(auxiliary_private_key: bytes, messages, guesses) -> dict[str, int]:
    """The curious auxiliary server: each guessed item whose unkeyed hash is a bin of ``messages``, with the
    bin's count (the number of clients it thereby knows hold that item)."""
    bins, _, _ = AuxiliaryServer(auxiliary_private_key, 1.0, 1.0, noise="reference").receive(messages)
    found = {}
    for guess in guesses:
        h = unkeyed_hash(item_bytes(guess))
        if h in bins:
            found[guess] = len(bins[h])
    return found


def membership_game(trials: int, *, keyed: bool, candidates=("yes", "no"), seed: int = 0) -> int:
    """How often the auxiliary server names a client's item correctly: each trial the client holds one of two
    candidates (uniformly at random); the server guesses the candidate whose unkeyed hash equals the
    observed hash, or guesses at random when none does.  Returns the number of correct guesses (chance is
    trials/2; with an unkeyed hash every guess is right)."""
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ParameterError(f"trials = {trials!r}: must be a positive integer")
    rngs = streams(seed)
    keys = Keys.generate(rngs["keys"])
    client, auxiliary = make_client(keys, keyed=keyed), _auxiliary(keys, 1.0, 1.0)
    dictionary = {unkeyed_hash(item_bytes(c)): i for i, c in enumerate(candidates)}
    correct = 0
    for _ in range(trials):
        secret = int(rngs["shuffle"].integers(len(candidates)))
        bins, _, _ = auxiliary.receive([client.encrypt(candidates[secret])])
        (observed,) = bins
        guess = dictionary.get(observed)
        if guess is None:
            guess = int(rngs["select"].integers(len(candidates)))
        correct += guess == secret
    return correct


def drop_bin_view(items, params: ThresholdParameters, *, target: str | None, keyed: bool, seed: int = 0) -> dict:
    """A malicious auxiliary server drops one bin before Algorithm 6's release.

    ``target`` names the item to suppress (it hashes it with SHA-256: found only when ``keyed=False``);
    ``target=None`` drops the largest bin, which needs no hash at all.  Returns the server's view of the
    malicious run (``malicious``), of an honest run on the same data (``honest``), and of an honest run on
    the data without the dropped bin's clients (``honest_without``), all under the same seed and keys,
    plus ``dropped`` (the number of messages deleted, 0 when the target's hash matched no bin)."""
    items = list(items)
    keys = Keys.generate(streams(seed)["keys"])
    client = make_client(keys, keyed=keyed)
    messages = Shuffler(np.random.default_rng(seed)).shuffle([client.encrypt(item) for item in items])
    bins, _, _ = _auxiliary(keys, params.b, params.T).receive(messages)
    if target is None:
        victim = max(sorted(bins), key=lambda h: len(bins[h]))
    else:
        victim = unkeyed_hash(item_bytes(target))
    dropped_messages = bins.get(victim, [])
    server = Server(keys.server_private, keys.hmac_key, hash_function=None if keyed else unkeyed_hash)
    malicious_bins = {h: v for h, v in bins.items() if h != victim}
    malicious = server.open(_auxiliary(keys, params.b, params.T, seed).release(malicious_bins)[0]).items
    honest = server.open(_auxiliary(keys, params.b, params.T, seed).release(bins)[0]).items
    # the dropped clients' items, read by the experimenter (not the attacker) to build the reduced data set
    dropped_items = (set(server.open([(victim, inner) for inner in dropped_messages]).items) if dropped_messages
                     else set())
    reduced_bins, _, _ = _auxiliary(keys, params.b, params.T).receive(
        [m for m, item in zip(messages, _items_of(keys, messages)) if item not in dropped_items])
    honest_without = server.open(_auxiliary(keys, params.b, params.T, seed).release(reduced_bins)[0]).items
    return {"malicious": malicious, "honest": honest, "honest_without": honest_without,
            "dropped": len(dropped_messages), "dropped_items": sorted(dropped_items)}


def _items_of(keys: Keys, messages) -> list[str]:
    """The experimenter's ground truth: each message's item (opens both layers with both private keys)."""
    from .messages import HASH_BYTES, HEADER_BYTES, MESSAGE_ID_BYTES, nacl

    public, _ = nacl()
    outer = public.SealedBox(public.PrivateKey(keys.auxiliary_private))
    inner = public.SealedBox(public.PrivateKey(keys.server_private))
    start = HEADER_BYTES + MESSAGE_ID_BYTES + HASH_BYTES
    return [inner.decrypt(outer.decrypt(m)[start:])[HEADER_BYTES:].decode("utf-8") for m in messages]


def _auxiliary(keys: Keys, b: float, T: float, seed: int | None = None) -> AuxiliaryServer:
    rngs = streams(seed)
    return AuxiliaryServer(keys.auxiliary_private, b, T, noise="reference",
                           noise_rng=None if rngs is None else rngs["noise"],
                           select_rng=None if rngs is None else rngs["select"])
