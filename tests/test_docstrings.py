"""Every public function, method and property of every public module of ldpref has a docstring.

Public: a module none of whose dotted parts starts with '_', a name not starting with '_', defined in that module
(not imported).  A method or property inherits its base class's docstring (inspect.getdoc)."""

import importlib
import inspect
import pkgutil

import ldpref


def _documented(obj) -> bool:
    return bool((inspect.getdoc(obj) or "").strip())


def missing_docstrings(package=ldpref) -> list[str]:
    """Dotted names of the public functions, methods and properties of ``package`` without a docstring."""
    missing = []
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != info.name:
                continue
            if inspect.isfunction(obj) and not _documented(obj):
                missing.append(f"{info.name}.{name}")
            elif inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or not (inspect.isfunction(member) or isinstance(member, property)):
                        continue
                    inherited = [getattr(base, attr) for base in obj.__mro__[1:] if attr in vars(base)]
                    if not _documented(member) and not any(_documented(b) for b in inherited):
                        missing.append(f"{info.name}.{name}.{attr}")
    return missing


def test_every_public_function_has_a_docstring():
    assert missing_docstrings() == []


def test_the_walk_finds_a_missing_docstring(tmp_path, monkeypatch):
    pkg = tmp_path / "fakepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('"""fake"""\n')
    (pkg / "mod.py").write_text('def documented():\n    """yes"""\n\n\ndef bare():\n    return 1\n\n\n'
                                'class K:\n    """k"""\n\n    @property\n    def size(self):\n        return 1\n\n'
                                '    def _private(self):\n        return 2\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import fakepkg

    assert missing_docstrings(fakepkg) == ["fakepkg.mod.bare", "fakepkg.mod.K.size"]
