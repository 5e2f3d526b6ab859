"""The host's stand-ins for the device instructions (tests/cuda_host.py) checked against
other descriptions of the same instructions, so that a corpus case that agrees on the
host agrees because the lowering is right, not because the emulation errs alike:
f16 and bf16 conversions against numpy and ml_dtypes, the rz conversions against
exact arithmetic in Python, the warp shuffles against the CUDA programming guide's
words, and the global min and max against C's usual arithmetic conversions.
"""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from cuda_host import STUBS
from cuda_host_mma import HOST_SM80

MAIN = r"""
#include <string>
template <class T> std::vector<T> load(const std::string& path) {
  FILE* f = fopen(path.c_str(), "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  std::vector<T> v(n / sizeof(T)); if (fread(v.data(), sizeof(T), v.size(), f) != v.size()) abort(); fclose(f);
  return v; }
template <class T> void save(const std::string& path, const std::vector<T>& v) {
  FILE* f = fopen(path.c_str(), "wb"); fwrite(v.data(), sizeof(T), v.size(), f); fclose(f); }
int main(int argc, char** argv) {
  const std::string d = argv[1];
  auto f32s = load<float>(d + "/f32.bin");
  std::vector<unsigned short> h(f32s.size()), b(f32s.size());
  for (size_t i = 0; i < f32s.size(); ++i) { h[i] = ph_host_f32_to_f16(f32s[i]); b[i] = ph_host_f32_to_bf16(f32s[i]); }
  save(d + "/to_f16.bin", h); save(d + "/to_bf16.bin", b);
  std::vector<float> back(65536);
  for (unsigned i = 0; i < 65536; ++i) back[i] = ph_host_f16_to_f32((unsigned short)i);
  save(d + "/from_f16.bin", back);
  auto f64s = load<double>(d + "/f64.bin");
  std::vector<float> rz(f64s.size());
  for (size_t i = 0; i < f64s.size(); ++i) rz[i] = __double2float_rz(f64s[i]);
  save(d + "/rz.bin", rz);
  auto i64s = load<long long>(d + "/i64.bin");
  std::vector<double> lrz(i64s.size());
  for (size_t i = 0; i < i64s.size(); ++i) lrz[i] = __ll2double_rz(i64s[i]);
  save(d + "/lrz.bin", lrz);
  // every mode, width and offset 0 .. 33, each lane shuffling its own number
  std::vector<int> lanes(4 * 6 * 34 * 32);
  std::barrier<> warp(32); warp_bar[0] = &warp;
  std::vector<std::thread> running;
  for (unsigned t = 0; t < 32; ++t)
    running.emplace_back([&, t] {
      threadIdx = D3{t, 0, 0};
      int k = 0;
      for (int mode = 0; mode < 4; ++mode) for (int w = 1; w <= 32; w *= 2) for (int off = 0; off < 34; ++off, ++k) {
        const int v = (int)t + 100;
        lanes[k * 32 + t] = mode == 0 ? __shfl_sync(~0u, v, off, w) : mode == 1 ? __shfl_up_sync(~0u, v, off, w)
                          : mode == 2 ? __shfl_down_sync(~0u, v, off, w) : __shfl_xor_sync(~0u, v, off, w);
      }
    });
  for (auto& t : running) t.join();
  save(d + "/lanes.bin", lanes);
  std::vector<double> minmax = {(double)min(-1, 2u), (double)max(-1, 2u), (double)min(-3ll, 2), (double)max(7, 2.5),
                                (double)min(NAN, 1.0f), (double)max(2.0f, NAN)};
  save(d + "/minmax.bin", minmax);
  return 0;
}
"""


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stand-ins applied to the inputs below, in a folder of their outputs."""
    if shutil.which("g++") is None:
        pytest.skip("needs g++")
    folder = tmp_path_factory.mktemp("standins")
    rng = np.random.default_rng(5)
    f32 = np.concatenate([
        rng.standard_normal(50_000).astype(np.float32) * np.float32(1e3),
        (rng.random(20_000) * 2e-4).astype(np.float32),  # f16 subnormals and their neighbours
        np.arange(0, 70_000, 0.5, dtype=np.float32),  # every tie at the top of the f16 range
        np.float16(np.arange(0, 65_504, 7)).astype(np.float32) + np.float32(2.0 ** -30),
        (np.arange(1 << 16, dtype=np.uint32) << 13).view(np.float32)[:60_000],  # ties between f16 neighbours
        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 65_504, 65_519.99, 65_520, 1e-8, 2.0 ** -25,
                  2.0 ** -25 * 1.0001, 3.0 * 2.0 ** -26], np.float32),
    ])
    f32.tofile(folder / "f32.bin")
    f64 = np.concatenate([
        rng.standard_normal(20_000) * 10.0 ** rng.integers(-40, 40, 20_000),
        np.array([0.0, -0.0, np.inf, -np.inf, 1e39, -1e39, 3.5e38, 1e-46, -1e-46, 3e-40, 2.0 ** -149, np.nan]),
    ])
    f64.tofile(folder / "f64.bin")
    i64 = np.concatenate([rng.integers(-2 ** 63, 2 ** 63 - 1, 20_000, dtype=np.int64),
                          np.array([0, 1, -1, 2 ** 62 + 2 ** 54 + 1, -(2 ** 62 + 2 ** 54 + 1), 2 ** 63 - 1, -2 ** 63,
                                    2 ** 53 + 1, -(2 ** 53 + 1)], np.int64)])
    i64.tofile(folder / "i64.bin")
    source = folder / "standins.cpp"
    source.write_text(STUBS + MAIN)
    exe = folder / "standins"
    subprocess.run(["g++", "-O1", "-w", "-std=c++20", "-pthread", "-o", str(exe), str(source)], check=True)
    subprocess.run([str(exe), str(folder)], check=True, timeout=120)
    return folder


def test_f32_to_f16_and_bf16_round_to_nearest_even(ran: Path) -> None:
    f32 = np.fromfile(ran / "f32.bin", np.float32)
    nan = np.isnan(f32)
    for name, dtype in (("to_f16", np.float16), ("to_bf16", ml_dtypes.bfloat16)):
        got = np.fromfile(ran / f"{name}.bin", np.uint16)
        with np.errstate(over="ignore"):
            want = f32.astype(dtype).view(np.uint16)
        np.testing.assert_array_equal(got[~nan], want[~nan], err_msg=name)
        assert np.isnan(got[nan].view(dtype).astype(np.float32)).all(), name


def test_f16_to_f32_is_exact_for_every_f16(ran: Path) -> None:
    got = np.fromfile(ran / "from_f16.bin", np.float32)
    want = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).astype(np.float32)
    np.testing.assert_array_equal(got, want)


def _toward_zero(x: float) -> float:
    """f64 -> f32 toward zero: of the nearest f32 and its neighbour toward 0, the larger
    in magnitude that is not larger than x's."""
    if not math.isfinite(x):
        return x
    with np.errstate(over="ignore"):
        near = np.float32(x)
    if abs(float(near)) > abs(x):
        near = np.nextafter(near, np.float32(0))
    return float(near)


def test_double2float_rz_rounds_toward_zero(ran: Path) -> None:
    f64 = np.fromfile(ran / "f64.bin", np.float64)
    got = np.fromfile(ran / "rz.bin", np.float32)
    want = np.array([_toward_zero(float(x)) for x in f64], np.float32)
    np.testing.assert_array_equal(got, want)
    edges = got[-12:]  # 1e39 and -1e39 are the largest f32s, not infinities
    assert edges[4] == np.finfo(np.float32).max and edges[5] == -np.finfo(np.float32).max


def test_ll2double_rz_rounds_toward_zero(ran: Path) -> None:
    i64 = np.fromfile(ran / "i64.bin", np.int64)
    got = np.fromfile(ran / "lrz.bin", np.float64)
    for x, d in zip(i64.tolist(), got.tolist(), strict=True):
        near = float(x)
        if abs(int(near)) > abs(x):
            near = math.nextafter(near, 0.0)
        assert d == near, (x, d, near)


def test_shuffles_follow_the_programming_guide(ran: Path) -> None:
    """__shfl_sync: lane srcLane % width of the lane's group; up (down): the lane d
    below (above) in the group, else its own value; xor: lane ^ m unless that lane is
    in a later group (an earlier one may be read)."""
    got = np.fromfile(ran / "lanes.bin", np.int32).reshape(4, 6, 34, 32) - 100
    for mode in range(4):
        for wi, w in enumerate((1, 2, 4, 8, 16, 32)):
            for off in range(34):
                if mode in (1, 2) and off >= 32:  # a delta past the warp: PTX's low 5 bits, the guide's nothing
                    continue
                for lane in range(32):
                    group = lane // w * w
                    src = [group + off % w,
                           lane - off if lane - group >= off else lane,
                           lane + off if lane - group + off < w else lane,
                           lane ^ off if (lane ^ off) < group + w else lane][mode]
                    if mode == 3 and off >= 32:  # PTX takes b's low 5 bits
                        src = lane ^ (off & 31) if (lane ^ (off & 31)) < group + w else lane
                    assert got[mode, wi, off, lane] == src, (mode, w, off, lane)


def test_min_and_max_take_the_usual_arithmetic_conversions(ran: Path) -> None:
    got = np.fromfile(ran / "minmax.bin", np.float64).tolist()
    assert got == [2.0, 4294967295.0, -3.0, 7.0, 1.0, 2.0]


COPIES = r"""
int main() {
  threadIdx = D3{0, 0, 0};
  memset(smem_buf, 0, 64);
  unsigned char ones[16], twos[16];
  memset(ones, 1, 16);
  memset(twos, 2, 16);
  ph_host_copy(0, ones);
  ph_host_copy_commit();
  ph_host_copy(16, twos);
  ph_host_copy_commit();
  printf("%d %d\n", smem_buf[0], smem_buf[16]);
  ph_host_copy_wait(1);
  printf("%d %d\n", smem_buf[0], smem_buf[16]);
  ph_host_copy(32, ones);
  ph_host_copy_wait(0);
  printf("%d %d %d\n", smem_buf[0], smem_buf[16], smem_buf[32]);
  ph_host_copy_commit();
  ph_host_copy_wait(0);
  printf("%d\n", smem_buf[32]);
  return 0;
}
"""


def test_a_copy_lands_only_when_a_wait_retires_its_group(tmp_path: Path) -> None:
    """cp.async as cuda_host_mma.py stands it in: nothing lands at issue or commit;
    `wait_group N` lands every committed group but the newest N, in order; a copy not
    yet committed waits for its commit (the PTX ISA's "cp.async.wait_group")."""
    if shutil.which("g++") is None:
        pytest.skip("needs g++")
    source = tmp_path / "copies.cpp"
    source.write_text(STUBS + HOST_SM80 + COPIES)
    exe = tmp_path / "copies"
    subprocess.run(["g++", "-O1", "-w", "-std=c++20", "-pthread", "-o", str(exe), str(source)], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True, timeout=60).stdout
    assert out.split("\n") == ["0 0", "1 0", "1 2 0", "1", ""]
