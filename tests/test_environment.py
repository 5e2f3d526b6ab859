"""The environment variables: every yes-or-no one parsed one way (phobos.environment),
a value that is neither refused by name, and every variable Phobos reads listed in
the spec's one table of them."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from phobos import PhobosError
from phobos.environment import flag, flag_or, word

ROOT = Path(__file__).resolve().parent.parent
NAME = "PHOBOS_SOME_SWITCH"


@pytest.mark.parametrize("value", ["1", "true", "yes", "on", "TRUE", "Yes", " on ", "\t1\n"])
def test_a_yes_in_any_spelling_is_true(monkeypatch: pytest.MonkeyPatch, value: str):
    monkeypatch.setenv(NAME, value)
    assert flag(NAME, False) is True and flag(NAME, True) is True


@pytest.mark.parametrize("value", ["0", "false", "no", "off", "FALSE", "No", " off "])
def test_a_no_in_any_spelling_is_false(monkeypatch: pytest.MonkeyPatch, value: str):
    monkeypatch.setenv(NAME, value)
    assert flag(NAME, True) is False and flag(NAME, False) is False


@pytest.mark.parametrize("value", [None, "", "  "])
def test_unset_or_empty_is_the_default(monkeypatch: pytest.MonkeyPatch, value: str | None):
    if value is None:
        monkeypatch.delenv(NAME, raising=False)
    else:
        monkeypatch.setenv(NAME, value)
    assert flag(NAME, True) is True and flag(NAME, False) is False
    assert flag_or(NAME, True, ("mma",)) is True and word(NAME, ("a", "b")) is None


@pytest.mark.parametrize("value", ["2", "-1", "y", "n", "enable", "nope", "1.0", "tru", "o n"])
def test_a_value_that_is_neither_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch, value: str):
    monkeypatch.setenv(NAME, value)
    with pytest.raises(PhobosError) as info:
        flag(NAME, False)
    assert info.value.message == (f"{NAME} is {value!r}; set it to 1 (or true, yes, on), 0 (or false, no, off), "
                                  "or leave it unset")


def test_a_switch_with_words_of_its_own(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(NAME, " MMA ")
    assert flag_or(NAME, True, ("mma",)) == "mma"
    monkeypatch.setenv(NAME, "off")
    assert flag_or(NAME, True, ("mma",)) is False
    monkeypatch.setenv(NAME, "wgmma")
    with pytest.raises(PhobosError, match=r"is 'wgmma'; set it to 1 \(or true, yes, on\), 0 \(or false, no, off\), "
                                          r"or mma, or leave it unset"):
        flag_or(NAME, True, ("mma",))


def test_a_choice_of_words(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(NAME, "TileIR")
    assert word(NAME, ("cuda", "tileir")) == "tileir"
    monkeypatch.setenv(NAME, "ptx")
    with pytest.raises(PhobosError) as info:
        word(NAME, ("cuda", "tileir"))
    assert info.value.message == f"{NAME} is 'ptx'; set it to cuda or tileir, or leave it unset"


def spec_table() -> dict[str, str]:
    """The spec's table of environment variables: each name and what it takes."""
    text = (ROOT / "docs" / "spec.md").read_text(encoding="utf-8")
    section = text.split("### Environment variables", 1)[1].split("\n#", 1)[0]
    return dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+) \|", section, re.M))


def test_every_variable_phobos_reads_is_in_the_spec_s_table():
    sources = [*(ROOT / "src" / "phobos").rglob("*.py"), ROOT / "tests" / "corpus" / "harness.py"]
    read = {name for path in sources for name in re.findall(r"\bPHOBOS_[A-Z_]+\b", path.read_text(encoding="utf-8"))}
    missing = (read | {"CC"}) - set(spec_table())
    assert not missing, f"docs/spec.md's table of environment variables lacks {sorted(missing)}"


def test_every_yes_or_no_variable_is_read_by_the_helper():
    """No reader of a yes-or-no variable compares its text itself: each goes through
    `flag` (or `flag_or`), by the constant that names it."""
    switches = {name for name, takes in spec_table().items() if takes.startswith("yes or no")}
    constants: dict[str, str] = {}
    calls = ""
    for path in (ROOT / "src" / "phobos").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        constants |= dict((value, const) for const, value in re.findall(r'^(ENV_[A-Z_]+) = "(PHOBOS_[A-Z_]+)"$',
                                                                         text, re.M))
        calls += "\n".join(re.findall(r"\bflag(?:_or)?\([^)]*\)", text))
    assert switches <= set(constants)
    assert all(re.search(rf"\bflag(?:_or)?\({constants[name]}\b", calls) for name in switches), calls


def test_the_suite_keeps_out_of_the_users_cache():
    """conftest.py gives the test session a cache folder of its own (unless the user
    set PHOBOS_CACHE_DIR): nothing the tests build lands in ~/.cache/phobos."""
    from phobos.backends.gpu import cache

    assert cache.cache_dir() != Path(os.path.expanduser("~")) / ".cache" / "phobos"


def test_install_hints_name_packages_that_install_what_is_missing():
    """PyPI's `phobos` is another project: the hints name the packages themselves, and
    the editable install of a checkout."""
    from phobos.backends.gpu.launch import missing_packages
    from phobos.backends.tileir.assemble import INSTALL

    hint = str(missing_packages(ImportError("No module named 'cuda'")))
    assert "pip install 'cuda-core>=1.2' 'cuda-bindings>=13.0' 'nvidia-cuda-nvrtc>=13.0'" in hint
    assert "pip install -e '.[cuda]'" in hint and "phobos[cuda]" not in hint
    assert INSTALL.startswith("pip install nvidia-cuda-tileiras==13.4.92 nvidia-cuda-nvcc==13.4.92 ")


def test_the_distribution_is_named_as_no_other_project_on_pypi():
    """The import name is `phobos`; the distribution's is one PyPI's other `phobos`
    does not hold (checked free on 2026-12-04), so an install by name cannot fetch it."""
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    assert project["name"] == "phobos-lang"
