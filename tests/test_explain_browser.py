"""`phobos explain` pages in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`, which `.ci/run` installs) driven by Selenium.

For a row softmax, a GEMM and an attention kernel of the corpus, the test opens the
page, unfolds a source line to its code, points at elements of each tile drawn (the
mouse, and the typed `i, j`), and checks that the thread and register the page names
are the ones the back end's layout plan holds. `PHOBOS_EXPLAIN_SCREENSHOT=path` saves
the flash-attention page's picture (docs/explain.png is one).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import phobos
from phobos.explain import data as explain_data
from phobos.explain import explain

webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium (the test extra) is not installed")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "corpus"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# A row softmax, a GEMM, attention with an online softmax (its tiles in registers) and
# attention in one tile (its scores in shared memory).
PAGES = {"softmax_last": "reductions.phobos", "gemm_bf16": "dot.phobos", "flash_bf16": "dot.phobos",
         "attention": "dot.phobos"}
SHARED = re.compile(r"element \((\d+), (\d+)\): shared memory, byte offset (\d+), unswizzled")
STAGED = re.compile(r"element \((\d+), (\d+)\): shared memory, byte (\d+) of its stage \((.*)\)$")
SAID = re.compile(r"element \((\d+), (\d+)\): thread (\d+) \(warp (\d+), lane (\d+), warpgroup (\d+)\), "
                  r"register (\d+)(?:, (high|low) half)?")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("Chromium and its driver are not installed (Debian: apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,2400"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    try:
        yield driver
    finally:
        driver.quit()


def page_of(name: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict]:
    """The kernel's page, written, and the data it was drawn from."""
    monkeypatch.setattr(explain_data, "_ptx", lambda gen, variant: None)  # PTX needs NVRTC; the C++ is enough here
    kernel = phobos.compile((CORPUS / PAGES[name]).read_text(), path=f"tests/corpus/{PAGES[name]}").kernels[name]
    page = folder / f"{name}.html"
    page.write_text(explain(kernel))
    return page, json.loads(json.dumps(explain_data.kernel_data(kernel, "cuda")))  # as the page holds it


def cell_size(tile: dict) -> int:
    """The page's own rule for a grid cell's size, in pixels."""
    return max(2, min(12, 720 // max(tile["cols"], tile["rows"])))


def point_at(driver: object, canvas: object, tile: dict, i: int, j: int) -> None:
    """The mouse over element (i, j): Selenium offsets from the canvas's centre, which
    lies past its 1-pixel border."""
    cell = cell_size(tile)
    width, height = tile["cols"] * cell + 2, tile["rows"] * cell + 2
    x = 1 + j * cell + cell // 2 - width // 2
    y = 1 + i * cell + cell // 2 - height // 2
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
    ActionChains(driver).move_to_element_with_offset(canvas, x, y).perform()


def holder(tile: dict, said: str) -> tuple[int, int]:
    """The element the page's line names, once its holder is checked against the plan's."""
    if tile.get("offset"):  # an operand a product stages: its byte as its stage layout has it, and the swizzle
        found = STAGED.match(said)
        assert found is not None, said
        i, j = int(found[1]), int(found[2])
        assert int(found[3]) == tile["offset"][i * tile["cols"] + j] and found[4] == tile["swizzle"]
        return i, j
    if tile["kind"] == "shared":
        found = SHARED.match(said)
        assert found is not None, said
        i, j = int(found[1]), int(found[2])
        assert int(found[3]) == tile["base"] + (i * tile["cols"] + j) * tile["element"]
        return i, j
    found = SAID.match(said)
    assert found is not None, said
    i, j = int(found[1]), int(found[2])
    thread, register = tile["thread"][i * tile["cols"] + j], tile["register"][i * tile["cols"] + j]
    assert (int(found[3]), int(found[4]), int(found[5]), int(found[6])) == (thread, thread // 32, thread % 32,
                                                                            thread // 128)
    assert int(found[7]) == (register // 2 if tile["packed"] else register)
    if tile["packed"]:
        assert found[8] == ("high" if register % 2 else "low")
    return i, j


@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_in_chromium(name: str, browser: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = browser
    page, data = page_of(name, tmp_path, monkeypatch)
    driver.get(page.as_uri())
    variant = data["variants"][0]

    # A line with code unfolds to it on a click, and folds again.
    row = next(r for r in driver.find_elements(By.CSS_SELECTOR, "tr.src") if r.get_attribute("data-line") in
               variant["code"])
    code = row.find_element(By.XPATH, "following-sibling::tr[1]")
    assert "code" in code.get_attribute("class") and not code.is_displayed()
    row.click()
    assert code.is_displayed()
    first = variant["code"][row.get_attribute("data-line")]["cuda"][0].strip()
    assert first.split()[0] in code.text
    row.click()
    assert not code.is_displayed()

    # Each tile drawn: the holder the page names is the plan's, pointed at or typed.
    placed = [t for t in variant["tiles"] if t["kind"] in ("registers", "shared")]
    assert placed, f"{name}: no tile placed"
    placed += variant["staged"][:2]  # and the first operands a product stages, swizzled for wgmma where it is
    drawn = driver.find_elements(By.CSS_SELECTOR, "#tiles .tile")
    for tile in placed:
        box = next(d for d in drawn if d.text.startswith(tile["name"] + ":"))
        canvas, typed, info = (box.find_element(By.CSS_SELECTOR, css) for css in ("canvas", "input", "div.info"))
        for i, j in {(0, 0), (tile["rows"] - 1, tile["cols"] - 1), (tile["rows"] // 2, tile["cols"] // 3)}:
            point_at(driver, canvas, tile, i, j)
            assert holder(tile, info.text) == (i, j)
            typed.clear()
            typed.send_keys(f"{j}, {i}\n")  # the other way round: another element, or one outside the tile
            if j < tile["rows"] and i < tile["cols"]:
                assert holder(tile, info.text) == (j, i)
            else:
                assert info.text == f"({j}, {i}) is outside the tile"
    shot = os.environ.get("PHOBOS_EXPLAIN_SCREENSHOT")
    if name == "flash_bf16":  # a line unfolded and an element of the first tile named, from the top
        row.click()
        tile = placed[0]
        box = next(d for d in drawn if d.text.startswith(tile["name"] + ":"))
        point_at(driver, box.find_element(By.TAG_NAME, "canvas"), tile, tile["rows"] // 3, tile["cols"] // 2)
        driver.execute_script("window.scrollTo(0, 0)")
        assert driver.save_screenshot(str(tmp_path / f"{name}.png"))
        if shot:
            driver.save_screenshot(shot)


def test_the_page_says_which_elements_are_absent_at_typed_extents(browser: object, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """softmax_last's tile is the window X[r :+ R, 0 :+ C] with r = block.x * R (R = 3,
    C = 256): with M = 5, N = 100 and block 1, rows 3 and 4 of X are present and row 5
    is not, nor column 100."""
    driver = browser
    page, data = page_of("softmax_last", tmp_path, monkeypatch)
    driver.get(page.as_uri())
    (tile,) = [t for t in data["variants"][0]["tiles"] if t["window"]]
    assert tile["window"]["inputs"] == ["M", "N", "block.x"]
    box = driver.find_elements(By.CSS_SELECTOR, "#tiles .tile")[0]
    canvas, info = box.find_element(By.TAG_NAME, "canvas"), box.find_element(By.CSS_SELECTOR, "div.info")
    point_at(driver, canvas, tile, 0, 0)
    assert info.text.endswith("; type M, N, block.x above to see whether it is present")
    for name, value in (("M", 5), ("N", 100), ("block.x", 1)):
        driver.find_element(By.CSS_SELECTOR, f'#extents input[data-name="{name}"]').send_keys(str(value))
    expected = {(0, 0): "; present at these extents", (1, 99): "; present at these extents",
                (2, 0): "; absent at these extents: X's dim 0 is at 5, outside [0, 5)",
                (0, 100): "; absent at these extents: X's dim 1 is at 100, outside [0, 100)"}
    for (i, j), said in expected.items():
        point_at(driver, canvas, tile, i, j)
        assert info.text.endswith(said), info.text
