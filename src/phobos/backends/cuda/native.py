"""A repeat launch's last step in C: fill the pointers, check the context, call the driver.

Through cuda-bindings that step pays for the binding's argument conversions, a
context query that builds Python objects, a lock and a ctypes slice assignment:
about 1.5 µs of a 13 µs launch on the lent H200's host (2026-11-30), where the
driver's own call took 4 to 6 µs. A small CPython extension does the same in C, as
Triton's launcher does. It is compiled once per machine and Python with the system's
C compiler (`CC`, else `cc`) and kept in the cache directory (PHOBOS_CACHE_DIR) as a
checksummed entry like a cubin's, so a truncated or altered one is rebuilt, never
loaded; where there is no compiler or no Python headers, or PHOBOS_NATIVE_LAUNCH=0,
launches take the cuda-bindings path, which does the same work.

The extension takes the driver's entry points as addresses (`configure`), so it links
against nothing, and tests hand it stand-ins. A launch runs holding the GIL: no other
Python thread writes the argument buffer between the fill and the driver's copy.
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import cache

ENV_NATIVE = "PHOBOS_NATIVE_LAUNCH"
NAME = "phobos_launch"
CAPSULE = "phobos.launch"
ENTRY = "launch-so"  # the cache entry's suffix: the extension's bytes, checksummed as a cubin is

SOURCE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>

typedef int (*launch_fn)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                         void*, void**, void**);
typedef int (*current_fn)(void**);

static launch_fn driver_launch;
static current_fn driver_current;

/* What stays the same from one launch of a prepared kernel to the next. */
typedef struct {
  void* function;
  void* context;
  void** params;     /* the addresses of the argument cells, as cuLaunchKernel reads them */
  uint64_t* cells;   /* the tensors' pointer cells, side by side */
  Py_ssize_t count;
  unsigned block, shared;
} Launch;

static void drop(PyObject* capsule) { PyMem_Free(PyCapsule_GetPointer(capsule, "phobos.launch")); }

static PyObject* configure(PyObject* self, PyObject* args) {
  unsigned long long launch, current;
  if (!PyArg_ParseTuple(args, "KK", &launch, &current)) return NULL;
  driver_launch = (launch_fn)(uintptr_t)launch;
  driver_current = (current_fn)(uintptr_t)current;
  Py_RETURN_NONE;
}

static PyObject* prepare(PyObject* self, PyObject* args) {
  unsigned long long function, context, params, cells;
  Py_ssize_t count;
  unsigned int block, shared;
  if (!PyArg_ParseTuple(args, "KKKKnII", &function, &context, &params, &cells, &count, &block, &shared)) return NULL;
  Launch* l = PyMem_Malloc(sizeof(Launch));
  if (!l) return PyErr_NoMemory();
  l->function = (void*)(uintptr_t)function;
  l->context = (void*)(uintptr_t)context;
  l->params = (void**)(uintptr_t)params;
  l->cells = (uint64_t*)(uintptr_t)cells;
  l->count = count;
  l->block = block;
  l->shared = shared;
  PyObject* capsule = PyCapsule_New(l, "phobos.launch", drop);
  if (!capsule) PyMem_Free(l);
  return capsule;
}

static int grid_dim(PyObject* value, unsigned* out) {
  unsigned long n = PyLong_AsUnsignedLong(value);
  if (n == (unsigned long)-1 && PyErr_Occurred()) return -1;
  if (n > UINT_MAX) {
    PyErr_SetString(PyExc_OverflowError, "a grid dimension is larger than the driver takes");
    return -1;
  }
  *out = (unsigned)n;
  return 0;
}

/* launch(prepared, pointers, x, y, z, stream): the driver's result, or -1 (and no
   launch) where the prepared kernel's context is not current in this thread. */
static PyObject* launch(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 6) {
    PyErr_SetString(PyExc_TypeError, "launch(prepared, pointers, x, y, z, stream) takes 6 arguments");
    return NULL;
  }
  Launch* l = PyCapsule_GetPointer(args[0], "phobos.launch");
  if (!l) return NULL;
  PyObject* pointers = args[1];
  if (!PyList_Check(pointers) || PyList_GET_SIZE(pointers) != l->count) {
    PyErr_Format(PyExc_TypeError, "launch takes a list of %zd pointers", l->count);
    return NULL;
  }
  for (Py_ssize_t i = 0; i < l->count; ++i) {
    unsigned long long p = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(pointers, i));
    if (p == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    l->cells[i] = p;
  }
  unsigned x, y, z;
  if (grid_dim(args[2], &x) || grid_dim(args[3], &y) || grid_dim(args[4], &z)) return NULL;
  void* stream = PyLong_AsVoidPtr(args[5]);
  if (!stream && PyErr_Occurred()) return NULL;
  if (!driver_launch || !driver_current) {
    PyErr_SetString(PyExc_RuntimeError, "the driver's entry points are not configured");
    return NULL;
  }
  void* current = NULL;
  if (driver_current(&current) != 0 || current != l->context) return PyLong_FromLong(-1);
  return PyLong_FromLong(driver_launch(l->function, x, y, z, l->block, 1, 1, l->shared, stream, l->params, NULL));
}

static PyMethodDef methods[] = {
  {"configure", configure, METH_VARARGS, "configure(cuLaunchKernel, cuCtxGetCurrent): the driver's entry points"},
  {"prepare", prepare, METH_VARARGS, "prepare(function, context, params, cells, count, block, shared)"},
  {"launch", (PyCFunction)(void (*)(void))launch, METH_FASTCALL, "launch(prepared, pointers, x, y, z, stream)"},
  {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "phobos_launch", NULL, -1, methods};

PyMODINIT_FUNC PyInit_phobos_launch(void) { return PyModule_Create(&module); }
"""

@dataclass
class _State:
    """The extension once asked for: None where it cannot be had, and why."""

    tried: bool = False
    module: Any | None = None
    why_not: str | None = None
    wired: bool = False  # given the driver's entry points


_STATE = _State()


def why_not() -> str | None:
    """Why launches take the cuda-bindings path, once the extension was asked for; None if they don't."""
    return _STATE.why_not


def module() -> Any | None:
    """The extension, built on first use and kept; None where it cannot be built or is turned off."""
    if not _STATE.tried:
        _STATE.tried = True
        try:
            _STATE.module = _load()
        except _Unavailable as exc:
            _STATE.why_not = str(exc)
    return _STATE.module


def driver_module() -> Any | None:
    """The extension wired to the CUDA driver's entry points; None as `module()`."""
    found = module()
    if found is not None and not _STATE.wired:
        try:
            libcuda = ctypes.CDLL("libcuda.so.1")
        except OSError as exc:
            _STATE.module, _STATE.why_not = None, f"the CUDA driver library could not be opened: {exc}"
            return None
        found.configure(_address(libcuda.cuLaunchKernel), _address(libcuda.cuCtxGetCurrent))
        _STATE.wired = True
    return found


def _address(function: Any) -> int:
    value = ctypes.cast(function, ctypes.c_void_p).value
    assert value is not None
    return value


class _Unavailable(Exception):
    """The extension cannot be had here; the message says why."""


def _load() -> Any:
    if os.environ.get(ENV_NATIVE, "") == "0":
        raise _Unavailable(f"{ENV_NATIVE}=0")
    if not sys.platform.startswith("linux"):
        raise _Unavailable(f"the C launch is built on Linux only, not {sys.platform}")
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        raise _Unavailable("no C compiler (cc, gcc or CC) was found")
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        raise _Unavailable(f"Python's C headers are missing ({include}/Python.h)")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    key = cache.cache_key(SOURCE, sys.version, suffix, compiler)
    binary = cache.lookup(key, ENTRY)  # checked as a cubin entry is: a bad one is None
    if binary is None:
        binary = _build(compiler, include, suffix)
        cache.store(key, ENTRY, binary)
    return _import(binary, suffix)


def _scratch() -> tempfile.TemporaryDirectory[str]:
    """A private folder in the cache directory (where a home's files may be run from),
    else in the system's temporary directory."""
    folder = cache.cache_dir() / "native"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return tempfile.TemporaryDirectory(dir=folder)
    except OSError:
        return tempfile.TemporaryDirectory()


def _build(compiler: str, include: str, suffix: str) -> bytes:
    """The extension's bytes, compiled in a private folder."""
    try:
        with _scratch() as scratch:
            source = Path(scratch) / f"{NAME}.c"
            source.write_text(SOURCE, encoding="utf-8")
            built = Path(scratch) / f"{NAME}{suffix}"
            # Names relative to the folder, so the bytes do not depend on where it was.
            command = [compiler, "-O2", "-shared", "-fPIC", f"-I{include}", source.name, "-o", built.name]
            try:
                done = subprocess.run(command, cwd=scratch, capture_output=True, text=True, timeout=120, check=False)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise _Unavailable(f"{compiler} could not be run: {exc}") from None
            if done.returncode != 0:
                raise _Unavailable(f"{compiler} failed: {(done.stderr or done.stdout).strip()[:400]}")
            return built.read_bytes()
    except OSError as exc:
        raise _Unavailable(f"the C launch could not be built: {exc}") from None


def _import(binary: bytes, suffix: str) -> Any:
    """Load the extension from a private copy of the checked bytes, so that what is
    loaded is what was checked, whatever another process does to the cache meanwhile.
    The copy is removed once loaded: the loaded code stays mapped."""
    try:
        with _scratch() as scratch:
            path = Path(scratch) / f"{NAME}{suffix}"
            path.write_bytes(binary)
            loader = importlib.machinery.ExtensionFileLoader(NAME, str(path))
            spec = importlib.util.spec_from_file_location(NAME, str(path), loader=loader)
            assert spec is not None
            loaded = importlib.util.module_from_spec(spec)
            loader.exec_module(loaded)
    except (ImportError, OSError) as exc:
        raise _Unavailable(f"the built launch module would not load: {exc}") from None
    return loaded
