"""A repeat launch in C: tell that it repeats the last key (a hit), fill the pointers,
check the context, call the driver.

Through cuda-bindings that step pays for the binding's argument conversions, a
context query that builds Python objects, a lock and a ctypes slice assignment:
about 1.5 µs of a 13 µs launch on the lent H200's host (2026-11-30), where the
driver's own call took 4 to 6 µs. A small CPython extension does the same in C, as
Triton's launcher does, and asks for the stream itself (torch's raw handle, with no
Python frame between). Before it, the test that a launch has the key of the one
before (`repeat`, from a record `hit` makes of that key; see runtime/plans.py):
reading a key in Python costs more than the driver's call leaves of torch.add's.
The extension is compiled once per machine and Python with the system's C compiler
(`CC`, split as a shell would, else `cc`) and kept in the cache directory
(PHOBOS_CACHE_DIR) as a checksummed entry like a cubin's, so a truncated or altered
one is rebuilt, never loaded; only launches on the GPU ask for it, so the interpreter
never builds it. Where there is no compiler or no Python headers, or
PHOBOS_NATIVE_LAUNCH=0, launches take the cuda-bindings path and read their keys in
Python, which does the same work (a compiler `CC` names that fails is said once, a
NativeLaunchWarning).

The extension takes the driver's entry points as addresses (`configure`), so it links
against nothing, and tests hand it stand-ins. A launch runs holding the GIL: no other
Python thread writes the argument buffer between the fill and the driver's copy.
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from phobos.environment import flag

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
static PyObject *ONE, *DATA_PTR;

/* What stays the same from one launch of a prepared kernel to the next. */
typedef struct {
  void* function;
  void* context;
  void** params;     /* the addresses of the argument cells, as cuLaunchKernel reads them */
  uint64_t* cells;   /* the tensors' pointer cells, side by side */
  Py_ssize_t count;
  unsigned block, shared;
  PyObject* stream;  /* called with no arguments at each launch: the stream's handle (0: the legacy one) */
} Launch;

static void drop(PyObject* capsule) {
  Launch* l = PyCapsule_GetPointer(capsule, "phobos.launch");
  Py_XDECREF(l->stream);
  PyMem_Free(l);
}

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
  PyObject* stream;
  if (!PyArg_ParseTuple(args, "KKKKnIIO", &function, &context, &params, &cells, &count, &block, &shared, &stream))
    return NULL;
  if (!PyCallable_Check(stream)) {
    PyErr_SetString(PyExc_TypeError, "prepare's stream is a function that gives the launch's stream");
    return NULL;
  }
  Launch* l = PyMem_Malloc(sizeof(Launch));
  if (!l) return PyErr_NoMemory();
  l->function = (void*)(uintptr_t)function;
  l->context = (void*)(uintptr_t)context;
  l->params = (void**)(uintptr_t)params;
  l->cells = (uint64_t*)(uintptr_t)cells;
  l->count = count;
  l->block = block;
  l->shared = shared;
  Py_INCREF(stream);
  l->stream = stream;
  PyObject* capsule = PyCapsule_New(l, "phobos.launch", drop);
  if (!capsule) {
    Py_DECREF(stream);
    PyMem_Free(l);
  }
  return capsule;
}

/* retarget(prepared, context): the context the prepared kernel's launches check for
   (after the device's primary context was made anew). */
static PyObject* retarget(PyObject* self, PyObject* args) {
  PyObject* capsule;
  unsigned long long context;
  if (!PyArg_ParseTuple(args, "OK", &capsule, &context)) return NULL;
  Launch* l = PyCapsule_GetPointer(capsule, "phobos.launch");
  if (!l) return NULL;
  l->context = (void*)(uintptr_t)context;
  Py_RETURN_NONE;
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

/* The launch of prepared kernel `l` with these pointers: the driver's result, or -1
   (and no launch) where its context is not current in this thread. The stream comes
   first: it runs Python code, during which another thread may launch this kernel;
   from the fill to the driver's copy of the cells nothing lets go of the GIL. */
static PyObject* send(Launch* l, const uint64_t* pointers, PyObject* grid) {
  if (!PyTuple_Check(grid) || PyTuple_GET_SIZE(grid) != 3) {
    PyErr_SetString(PyExc_TypeError, "launch takes a grid of 3 dimensions");
    return NULL;
  }
  PyObject* handle = PyObject_CallNoArgs(l->stream);
  if (!handle) return NULL;
  void* stream = PyLong_AsVoidPtr(handle);
  Py_DECREF(handle);
  if (!stream && PyErr_Occurred()) return NULL;
  if (!stream) stream = (void*)1; /* CU_STREAM_LEGACY */
  unsigned x, y, z;
  if (grid_dim(PyTuple_GET_ITEM(grid, 0), &x) || grid_dim(PyTuple_GET_ITEM(grid, 1), &y) ||
      grid_dim(PyTuple_GET_ITEM(grid, 2), &z))
    return NULL;
  if (!driver_launch || !driver_current) {
    PyErr_SetString(PyExc_RuntimeError, "the driver's entry points are not configured");
    return NULL;
  }
  for (Py_ssize_t i = 0; i < l->count; ++i) l->cells[i] = pointers[i];
  void* current = NULL;
  if (driver_current(&current) != 0 || current != l->context) return PyLong_FromLong(-1);
  return PyLong_FromLong(driver_launch(l->function, x, y, z, l->block, 1, 1, l->shared, stream, l->params, NULL));
}

/* A launch's values and pointers lie on the C stack up to this many, on the heap past it. */
#define ON_STACK 64

/* launch(prepared, pointers, grid): `send` with the pointers of a list. */
static PyObject* launch(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "launch(prepared, pointers, grid) takes 3 arguments");
    return NULL;
  }
  Launch* l = PyCapsule_GetPointer(args[0], "phobos.launch");
  if (!l) return NULL;
  PyObject* list = args[1];
  if (!PyList_Check(list) || PyList_GET_SIZE(list) != l->count) {
    PyErr_Format(PyExc_TypeError, "launch takes a list of %zd pointers", l->count);
    return NULL;
  }
  uint64_t on_stack[ON_STACK];
  uint64_t* pointers = on_stack;
  if (l->count > ON_STACK && !(pointers = PyMem_Malloc(l->count * sizeof(uint64_t)))) return PyErr_NoMemory();
  PyObject* result = NULL;
  for (Py_ssize_t i = 0; i < l->count; ++i) {
    pointers[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(list, i));
    if (pointers[i] == (unsigned long long)-1 && PyErr_Occurred()) goto done;
  }
  result = send(l, pointers, args[2]);
done:
  if (pointers != on_stack) PyMem_Free(pointers);
  return result;
}

/* What a launch must be to have one key (plans.KeyReaders.hit): its pattern (the
   number of positional values, the keywords in order, each value's exact type), the
   pins' values, each specialized integer's facts, and its tensors, which the guard
   compares and whose pointers' alignment is part of the key. Every object is
   borrowed from `keep`, the arguments `hit` was made from. The arrays, of `count`
   entries each, lie after the record in its one allocation. */
typedef struct {
  PyObject* keep;
  Py_ssize_t positional, count;
  PyObject** keywords;
  PyObject** types;
  Py_ssize_t pins, *pin_at;
  PyObject** pin;
  Py_ssize_t facts, *fact_at;
  char *multiple_of, *one;
  Py_ssize_t tensors, *tensor_at;
  char* aligned;
  PyObject* guard;
  PyObject* multiple;      /* what the facts' integers are tested to be multiples of */
  unsigned long long alignment;
} Hit;

static void drop_hit(PyObject* capsule) {
  Hit* h = PyCapsule_GetPointer(capsule, "phobos.hit");
  Py_XDECREF(h->keep);
  PyMem_Free(h);
}

static int index_in(PyObject* item, Py_ssize_t count, Py_ssize_t* out) {
  Py_ssize_t i = PyLong_AsSsize_t(item);
  if (i == -1 && PyErr_Occurred()) return -1;
  if (i < 0 || i >= count) {
    PyErr_SetString(PyExc_ValueError, "a hit's index is outside its values");
    return -1;
  }
  *out = i;
  return 0;
}

/* hit(positional, keywords, types, pins, facts, tensors, guard, multiple, alignment):
   pins are (index, value), facts (index, a multiple of `multiple`, equal to 1),
   tensors (index, whether the pointer is a multiple of `alignment`). */
static PyObject* hit(PyObject* self, PyObject* args) {
  Py_ssize_t positional;
  PyObject *keywords, *types, *pins, *facts, *tensors, *guard, *multiple;
  unsigned long long alignment;
  if (!PyArg_ParseTuple(args, "nO!O!O!O!O!OO!K", &positional, &PyTuple_Type, &keywords, &PyTuple_Type, &types,
                        &PyTuple_Type, &pins, &PyTuple_Type, &facts, &PyTuple_Type, &tensors, &guard,
                        &PyLong_Type, &multiple, &alignment))
    return NULL;
  Py_ssize_t count = PyTuple_GET_SIZE(types);
  /* each value's share of the record: three pointers, three indices, three flags */
  const size_t share = 3 * sizeof(PyObject*) + 3 * sizeof(Py_ssize_t) + 3;
  if ((size_t)count > (PY_SSIZE_T_MAX - sizeof(Hit)) / share || positional < 0 ||
      positional + PyTuple_GET_SIZE(keywords) != count ||
      PyTuple_GET_SIZE(pins) > count || PyTuple_GET_SIZE(facts) > count || PyTuple_GET_SIZE(tensors) > count ||
      (PyTuple_GET_SIZE(tensors) > 0 && !PyCallable_Check(guard)) || alignment == 0) {
    PyErr_SetString(PyExc_ValueError, "a hit of this shape cannot be made");
    return NULL;
  }
  Hit* h = PyMem_Calloc(1, sizeof(Hit) + (size_t)count * share);
  if (!h) return PyErr_NoMemory();
  char* at = (char*)(h + 1); /* the pointers and indices first, so each array is aligned */
  h->keywords = (PyObject**)at; at += count * sizeof(PyObject*);
  h->types = (PyObject**)at; at += count * sizeof(PyObject*);
  h->pin = (PyObject**)at; at += count * sizeof(PyObject*);
  h->pin_at = (Py_ssize_t*)at; at += count * sizeof(Py_ssize_t);
  h->fact_at = (Py_ssize_t*)at; at += count * sizeof(Py_ssize_t);
  h->tensor_at = (Py_ssize_t*)at; at += count * sizeof(Py_ssize_t);
  h->multiple_of = at; at += count;
  h->one = at; at += count;
  h->aligned = at;
  Py_INCREF(args);
  h->keep = args;
  PyObject* capsule = PyCapsule_New(h, "phobos.hit", drop_hit);
  if (!capsule) {
    Py_DECREF(args);
    PyMem_Free(h);
    return NULL;
  }
  h->positional = positional;
  h->count = count;
  for (Py_ssize_t i = 0; i < count; ++i) {
    h->types[i] = PyTuple_GET_ITEM(types, i);
    if (i >= positional) h->keywords[i] = PyTuple_GET_ITEM(keywords, i - positional);
  }
  h->pins = PyTuple_GET_SIZE(pins);
  for (Py_ssize_t k = 0; k < h->pins; ++k) {
    PyObject* pin = PyTuple_GET_ITEM(pins, k);
    if (!PyTuple_Check(pin) || PyTuple_GET_SIZE(pin) != 2) goto shape;
    if (index_in(PyTuple_GET_ITEM(pin, 0), count, &h->pin_at[k])) goto fail;
    h->pin[k] = PyTuple_GET_ITEM(pin, 1);
  }
  h->facts = PyTuple_GET_SIZE(facts);
  for (Py_ssize_t k = 0; k < h->facts; ++k) {
    PyObject* fact = PyTuple_GET_ITEM(facts, k);
    if (!PyTuple_Check(fact) || PyTuple_GET_SIZE(fact) != 3) goto shape;
    if (index_in(PyTuple_GET_ITEM(fact, 0), count, &h->fact_at[k])) goto fail;
    h->multiple_of[k] = PyObject_IsTrue(PyTuple_GET_ITEM(fact, 1)) == 1;
    h->one[k] = PyObject_IsTrue(PyTuple_GET_ITEM(fact, 2)) == 1;
  }
  h->tensors = PyTuple_GET_SIZE(tensors);
  for (Py_ssize_t k = 0; k < h->tensors; ++k) {
    PyObject* tensor = PyTuple_GET_ITEM(tensors, k);
    if (!PyTuple_Check(tensor) || PyTuple_GET_SIZE(tensor) != 2) goto shape;
    if (index_in(PyTuple_GET_ITEM(tensor, 0), count, &h->tensor_at[k])) goto fail;
    h->aligned[k] = PyObject_IsTrue(PyTuple_GET_ITEM(tensor, 1)) == 1;
  }
  h->guard = guard;
  h->multiple = multiple;
  h->alignment = alignment;
  return capsule;
shape:
  PyErr_SetString(PyExc_ValueError, "a hit's pins, facts and tensors are tuples of their parts");
fail:
  Py_DECREF(capsule);
  return NULL;
}

/* Whether the launch (args, kwargs) has the hit's key: 1, 0, or -1 with an error set.
   `values` gets the launch's values (new references, where 1), `pointers` its
   tensors' data pointers; `given`, of h->tensors entries, is room for the guard's. */
static int matches(Hit* h, PyObject* args, PyObject* kwargs, PyObject** values, PyObject** given,
                   uint64_t* pointers) {
  if (!PyTuple_Check(args) || !PyDict_Check(kwargs)) {
    PyErr_SetString(PyExc_TypeError, "a hit reads a launch's tuple and dict");
    return -1;
  }
  if (PyTuple_GET_SIZE(args) != h->positional || PyDict_GET_SIZE(kwargs) != h->count - h->positional) return 0;
  for (Py_ssize_t i = 0; i < h->positional; ++i) values[i] = PyTuple_GET_ITEM(args, i);
  Py_ssize_t at = 0, i = h->positional;
  PyObject *key, *value;
  while (PyDict_Next(kwargs, &at, &key, &value)) {
    if (key != h->keywords[i] && (!PyUnicode_Check(key) || PyUnicode_Compare(key, h->keywords[i]) != 0)) {
      PyErr_Clear();
      return 0;
    }
    values[i++] = value;
  }
  for (i = 0; i < h->count; ++i) {
    if ((PyObject*)Py_TYPE(values[i]) != h->types[i]) return 0;
  }
  for (i = 0; i < h->count; ++i) Py_INCREF(values[i]);  /* held while Python code runs below */
  int found = -1;
  for (Py_ssize_t k = 0; k < h->pins; ++k) {
    int same = PyObject_RichCompareBool(values[h->pin_at[k]], h->pin[k], Py_EQ);
    if (same != 1) { found = same; goto done; }
  }
  for (Py_ssize_t k = 0; k < h->facts; ++k) {
    PyObject* v = values[h->fact_at[k]];
    PyObject* rest = PyNumber_Remainder(v, h->multiple);
    if (!rest) goto done;
    int multiple_of = PyObject_Not(rest);
    Py_DECREF(rest);
    int one = PyObject_RichCompareBool(v, ONE, Py_EQ);
    if (multiple_of < 0 || one < 0) goto done;
    if (multiple_of != h->multiple_of[k] || one != h->one[k]) { found = 0; goto done; }
  }
  if (h->tensors) {
    for (Py_ssize_t k = 0; k < h->tensors; ++k) given[k] = values[h->tensor_at[k]];
    PyObject* same = PyObject_Vectorcall(h->guard, given, h->tensors, NULL);
    if (!same) goto done;
    int ok = same == Py_True;
    Py_DECREF(same);
    if (!ok) { found = 0; goto done; }
  }
  for (Py_ssize_t k = 0; k < h->tensors; ++k) {
    PyObject* ptr = PyObject_VectorcallMethod(DATA_PTR, &values[h->tensor_at[k]], 1, NULL);
    if (!ptr) goto done;
    pointers[k] = PyLong_AsUnsignedLongLong(ptr);
    Py_DECREF(ptr);
    if (pointers[k] == (unsigned long long)-1 && PyErr_Occurred()) goto done;
    if ((pointers[k] % h->alignment == 0) != h->aligned[k]) { found = 0; goto done; }
  }
  return 1;
done:
  for (i = 0; i < h->count; ++i) Py_DECREF(values[i]);
  return found;
}

/* repeat(hit, prepared, grid, args, kwargs): None where the launch has not the hit's
   key; else, with prepared None, its tensors' data pointers (a list), and otherwise
   the launch of the prepared kernel on them (`send`'s result). */
static PyObject* repeat(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 5) {
    PyErr_SetString(PyExc_TypeError, "repeat(hit, prepared, grid, args, kwargs) takes 5 arguments");
    return NULL;
  }
  Hit* h = PyCapsule_GetPointer(args[0], "phobos.hit");
  if (!h) return NULL;
  Launch* l = NULL;
  if (args[1] != Py_None) {
    l = PyCapsule_GetPointer(args[1], "phobos.launch");
    if (!l) return NULL;
    if (l->count != h->tensors) {
      PyErr_SetString(PyExc_TypeError, "the prepared kernel takes another number of pointers than the hit reads");
      return NULL;
    }
  }
  /* the values, the guard's tensors, then the pointers (count entries each at most) */
  PyObject* on_stack[2 * ON_STACK];
  uint64_t pointers_on_stack[ON_STACK];
  PyObject** values = on_stack;
  uint64_t* pointers = pointers_on_stack;
  if (h->count > ON_STACK) {
    if (!(values = PyMem_Malloc(h->count * (2 * sizeof(PyObject*) + sizeof(uint64_t))))) return PyErr_NoMemory();
    pointers = (uint64_t*)(values + 2 * h->count);
  }
  PyObject* result = NULL;
  int found = matches(h, args[3], args[4], values, values + h->count, pointers);
  if (found <= 0) {
    if (found == 0) {
      Py_INCREF(Py_None);
      result = Py_None;
    }
    goto done;
  }
  if (l) {
    result = send(l, pointers, args[2]);
  } else {
    result = PyList_New(h->tensors);
    for (Py_ssize_t k = 0; result && k < h->tensors; ++k) {
      PyObject* ptr = PyLong_FromUnsignedLongLong(pointers[k]);
      if (!ptr) Py_CLEAR(result);
      else PyList_SET_ITEM(result, k, ptr);
    }
  }
  for (Py_ssize_t i = 0; i < h->count; ++i) Py_DECREF(values[i]);
done:
  if (values != on_stack) PyMem_Free(values);
  return result;
}

static PyMethodDef methods[] = {
  {"configure", configure, METH_VARARGS, "configure(cuLaunchKernel, cuCtxGetCurrent): the driver's entry points"},
  {"prepare", prepare, METH_VARARGS, "prepare(function, context, params, cells, count, block, shared, stream)"},
  {"retarget", retarget, METH_VARARGS, "retarget(prepared, context)"},
  {"launch", (PyCFunction)(void (*)(void))launch, METH_FASTCALL, "launch(prepared, pointers, grid)"},
  {"hit", hit, METH_VARARGS, "hit(positional, keywords, types, pins, facts, tensors, guard, multiple, alignment)"},
  {"repeat", (PyCFunction)(void (*)(void))repeat, METH_FASTCALL, "repeat(hit, prepared, grid, args, kwargs)"},
  {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "phobos_launch", NULL, -1, methods};

PyMODINIT_FUNC PyInit_phobos_launch(void) {
  ONE = PyLong_FromLong(1);
  DATA_PTR = PyUnicode_InternFromString("data_ptr");
  if (!ONE || !DATA_PTR) return NULL;
  return PyModule_Create(&module);
}
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


class NativeLaunchWarning(UserWarning):
    """Said once where the compiler `CC` names cannot build the C launch: repeat
    launches then take the cuda-bindings path, which costs the host more."""


def module() -> Any | None:
    """The extension, built on first use and kept; None where it cannot be built or is
    turned off. A PHOBOS_NATIVE_LAUNCH that is neither a yes nor a no is an error, at
    each ask until it is one."""
    if not _STATE.tried:
        wanted = flag(ENV_NATIVE, True)
        _STATE.tried = True
        try:
            _STATE.module = _load(wanted)
        except _Unavailable as exc:
            _STATE.why_not = str(exc)
            if os.environ.get("CC", "").strip() and exc.building:
                warnings.warn(f"phobos: the C launch could not be built with CC={os.environ['CC']!r}, so repeat "
                              f"launches take the cuda-bindings path: {exc}", NativeLaunchWarning, stacklevel=2)
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
    """The extension cannot be had here; the message says why, and `building` whether
    the compiler was what failed."""

    def __init__(self, why: str, building: bool = False):
        super().__init__(why)
        self.building = building


def _load(wanted: bool) -> Any:
    if not wanted:
        raise _Unavailable(f"{ENV_NATIVE}={os.environ[ENV_NATIVE]}")
    if not sys.platform.startswith("linux"):
        raise _Unavailable(f"the C launch is built on Linux only, not {sys.platform}")
    compiler = _compiler()
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        raise _Unavailable(f"Python's C headers are missing ({include}/Python.h)")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    key = cache.cache_key(SOURCE, sys.version, suffix, shlex.join(compiler))
    binary = cache.lookup(key, ENTRY)  # checked as a cubin entry is: a bad one is None
    if binary is None:
        binary = _build(compiler, include, suffix)
        cache.store(key, ENTRY, binary)
    return _import(binary, suffix)


def _compiler() -> list[str]:
    """The C compiler's command: `CC` split as a shell splits it (`ccache gcc`, a path
    with spaces in quotes), as build tools read it; else cc, else gcc."""
    given = os.environ.get("CC", "")
    try:
        command = shlex.split(given)
    except ValueError as exc:
        raise _Unavailable(f"CC={given!r} is no command line: {exc}", building=True) from None
    if not command:
        found = shutil.which("cc") or shutil.which("gcc")
        if not found:
            raise _Unavailable("no C compiler (cc, gcc or CC) was found")
        command = [found]
    return command


def _scratch() -> tempfile.TemporaryDirectory[str]:
    """A new owner-only folder in the cache's `native` folder (where a home's files may
    be run from, and which the cache keeps to this user alone), else in the system's
    temporary directory."""
    try:
        folder = cache.private_folder("native")
        if folder is not None:
            return tempfile.TemporaryDirectory(dir=folder)
    except OSError:
        pass
    return tempfile.TemporaryDirectory()


def _build(compiler: list[str], include: str, suffix: str) -> bytes:
    """The extension's bytes, compiled in a private folder."""
    try:
        with _scratch() as scratch:
            source = Path(scratch) / f"{NAME}.c"
            source.write_text(SOURCE, encoding="utf-8")
            built = Path(scratch) / f"{NAME}{suffix}"
            # Names relative to the folder, so the bytes do not depend on where it was.
            command = [*compiler, "-O2", "-shared", "-fPIC", f"-I{include}", source.name, "-o", built.name]
            try:
                done = subprocess.run(command, cwd=scratch, capture_output=True, text=True, timeout=120, check=False)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise _Unavailable(f"{shlex.join(compiler)} could not be run: {exc}", building=True) from None
            if done.returncode != 0:
                raise _Unavailable(f"{shlex.join(compiler)} failed: {(done.stderr or done.stdout).strip()[:400]}",
                                   building=True)
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
