"""jiang-gcms Section V: privacy-preserving collection of items from an unknown domain (Algorithms 5 and 6).

One module per party, each holding only its own keys:

- :mod:`.client` (Algorithm 5): keyed hash ``H[d]`` (HMAC-SHA256, key shared by clients and the server),
  ``E_pk1[d]`` to the server, then ``v = E_pk2[E_pk1[d] || H[d]]`` to the auxiliary server (PyNaCl sealed boxes);
- :mod:`.shuffler` (Phase 2): a uniformly random permutation, no keys;
- :mod:`.auxiliary` (Algorithm 6): opens the outer layer only, histograms by keyed hash, adds Laplace noise of
  scale ``b`` and releases one uniformly chosen inner ciphertext per bin whose noisy count reaches ``T``;
- :mod:`.server` (Phase 4): opens the released inner ciphertexts.

:mod:`.messages` fixes the versioned, recipient-bound wire format and the rejection counter;
:mod:`.params` maps (eps, delta) to (b, T); :mod:`.noise` holds the two threshold-release paths (OpenDP and
the seeded reference); :mod:`.protocol` runs the four phases; :mod:`.attacks` demonstrates Section VI;
:mod:`.experiment` reproduces Section VII-E / Fig 9.
:mod:`.esa` runs GCMS itself in the ESA framework (Section IV-A, Fig. 1: client sealing ``<x, j>`` to the
server, the contribution-limited shuffler, the server's Algorithms 2-3) and :mod:`.esa_attacks` the
Section VI-1 deviations of its parties.  PyNaCl and OpenDP are imported lazily (extra
``ldpref[discovery]``).
"""
