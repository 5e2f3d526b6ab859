"""Launching a variant through Tile IR: its module's bytecode, assembled by tileiras into
a cubin (assemble.cubin, through the cache), loaded and launched by the same driver
path as the CUDA back end's, with the launch's grid and a block of one thread: a Tile
IR kernel's threads are tileiras's.

The module is specialized by the launch's key (phobos.ir.specialize): what it says of
the runtime dims and integer scalars is assumed (a dim that is a multiple of 16 is
what lets tileiras load by TMA). Where tileiras is not installed and the cache lacks
that key's cubin, the launch runs the strongest weaker key's cubin the cache has
(`_weaker`; `specializations` are the ones a build for later launches makes): the
same results, from code made for more launches. So it does, with a WeakerModuleWarning,
where tileiras crashes on that key's module or refuses it (assemble.TileirasFailed).
"""

from __future__ import annotations

import contextlib
import warnings
import weakref
from collections.abc import Callable
from dataclasses import replace

from phobos.backends.gpu.abi import Generated, kernel_params
from phobos.backends.gpu.arrays import DeviceArray
from phobos.backends.gpu.launch import Prepared, device_arch, launchable
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import ANY, DIM_MULTIPLES, Specialization

from . import regplan
from .assemble import TileirasFailed, can_build, cubin, cubin_key
from .lower import DIM_LIMIT, lower_kernel
from .printer import module_text
from .writer import write_module


class WeakerModuleWarning(UserWarning):
    """tileiras could not assemble the module of a launch's key, and the launch runs the
    module of a weaker key (made for more launches: the same results)."""


_LOWERED: weakref.WeakKeyDictionary[ir.Kernel, dict[Specialization, tuple[Generated, bytes]]] = (
    weakref.WeakKeyDictionary())


def module_key(spec: Specialization) -> Specialization:
    """What of a launch's key a module depends on: its sizes' facts and its aligned
    tensors (tileiras reads the pitches off the dims)."""
    return replace(spec, pitched=frozenset())


def lowered(variant: ir.Kernel, spec: Specialization = ANY) -> tuple[Generated, bytes]:
    """The variant's entry, for launches whose key is `spec`, as the launcher passes its
    arguments (the kernel's parameters in order, then its runtime dims as i64, as
    lower.py makes the entry) and its bytecode; a kernel this back end refuses is its
    located error."""
    key = module_key(spec)
    by_key = _LOWERED.setdefault(variant, {})
    found = by_key.get(key)
    if found is None:
        module = lower_kernel(variant, key)
        gen = Generated(variant.name, module_text(module), 1, 0, tuple(kernel_params(variant)), abi="tileir",
                        debug=key.debug)
        found = by_key[key] = (gen, write_module(module))
    return found


def buildable(variant: ir.Kernel, spec: Specialization, arch: str) -> bool:
    """Whether the variant's module for `spec` has its cubin for `arch`: in the cache,
    or tileiras here to make it."""
    gen, bytecode = lowered(variant, spec)
    return can_build(gen.source, bytecode, arch)


OCCUPANCY_TWIN = 2
OCCUPANCY_BINDING = "@occupancy"  # no name a kernel can bind: the twin's column in the tuning table
# Off unless set: launches of some modules tileiras built for two CTAs an SM did not finish (docs/tileir.md).
ENV_OCCUPANCY_TWINS = "PHOBOS_TILEIR_OCCUPANCY_TWINS"

_TWINS: weakref.WeakKeyDictionary[ir.Kernel, ir.Kernel | None] = weakref.WeakKeyDictionary()


def occupancy_twin(variant: ir.Kernel) -> ir.Kernel | None:
    """The variant hinted to run two CTAs an SM, for a launch's autotuning to time beside
    it; None where it computes no matrix product or names its own occupancy. Left to
    itself, tileiras gives a product's entry one CTA an SM, where two were faster for
    every GEMM tile timed (docs/tileir.md); but not for every kernel, and tileiras does
    not assemble every module so hinted, so a launch times both."""
    if variant in _TWINS:
        return _TWINS[variant]
    twin = None
    if variant.occupancy is None and _has_product(variant):
        twin = replace(variant, occupancy=OCCUPANCY_TWIN,
                       bindings={**variant.bindings, OCCUPANCY_BINDING: OCCUPANCY_TWIN})
    _TWINS[variant] = twin
    return twin


def _has_product(variant: ir.Kernel) -> bool:
    return any(isinstance(e, ir.Dot) for e in ir.body_nodes(variant.body))


def twin_runs(twin: ir.Kernel, spec: Specialization, device_id: int) -> bool:
    """Whether an occupancy twin's module of the launch's key itself (no weaker one) can
    run on the device: its cubin in the cache or made by tileiras here without failing,
    and its register plan known to fit its CTA's pool (regplan.py: some twins' do not,
    and their launches did not end)."""
    arch = device_arch(device_id)
    return buildable(twin, spec, arch) and _twin_fits(twin, spec, arch)


def _twin_fits(twin: ir.Kernel, spec: Specialization, arch: str) -> bool:
    """Whether the twin's cubin for `spec` assembles and its register plan is known to fit,
    the verdict kept in the cache beside the cubin (regplan.py)."""
    gen, bytecode = lowered(twin, spec)
    try:
        code = cubin(gen.source, bytecode, arch, twin.name, twin.span)
    except TileirasFailed:
        return False
    return regplan.cubin_plan_fits(cubin_key(gen.source, bytecode, arch), code) is True


def _tensors(variant: ir.Kernel) -> frozenset[str]:
    return frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))


def _every_dim(variant: ir.Kernel, multiple: int, aligned: frozenset[str], fast_math: bool) -> Specialization:
    """The key of launches whose specialized runtime dims are all multiples of `multiple`
    and whose tensors `aligned` start 16-byte aligned."""
    dims = sorted(set(variant.runtime_dims) - variant.unspecialized)
    return Specialization(aligned=aligned, multiples=tuple((d, multiple) for d in dims), fast_math=fast_math)


def specializations(variant: ir.Kernel, fast_math: bool = False, debug: bool = False
                    ) -> list[tuple[str, Specialization]]:
    """What a build for later launches makes, each with its file suffix: for aligned
    tensors (as allocators give them), the module for any extents and (where the kernel
    has runtime dims) those for every dim a multiple of 4 and of 16; and the module
    that assumes nothing, for tensors that start anywhere (a slice's). All are in the
    kernel's math_mode (`fast_math`), as its launches' keys are, and with its prints and
    asserts where `debug` and it has any."""
    tensors = _tensors(variant)
    built = [("", Specialization(aligned=tensors, fast_math=fast_math))]
    if set(variant.runtime_dims) - variant.unspecialized:
        built += [(f".div{k}", _every_dim(variant, k, tensors, fast_math)) for k in DIM_MULTIPLES[::-1]]
    if tensors:
        built.append((".unaligned", Specialization(fast_math=fast_math)))
    debug = debug and ir.has_debug(variant)
    return [(suffix, replace(spec, debug=debug)) for suffix, spec in built]


def _weaker(variant: ir.Kernel, spec: Specialization) -> list[Specialization]:
    """The keys a launch of key `spec` may run, strongest first: its own; its dims'
    multiples alone; every dim at the multiple they all share; no dims' facts; and
    nothing assumed, its tensors' alignment neither; each in the launch's math_mode and
    with its prints and asserts as the launch asks (never a module without them for a
    debug launch)."""
    dims = set(variant.runtime_dims)
    aligned = spec.aligned & _tensors(variant)
    fast = spec.fast_math
    multiples = tuple((n, k) for n, k in spec.multiples if n in dims)
    out = [module_key(spec), Specialization(aligned=aligned, multiples=multiples, fast_math=fast)]
    shared = min((k for _, k in multiples), default=1) if len(multiples) == len(dims - variant.unspecialized) else 1
    if shared > 1:
        out.append(_every_dim(variant, shared, aligned, fast))
    out += [Specialization(aligned=aligned, fast_math=fast), Specialization(fast_math=fast)]
    return list(dict.fromkeys(replace(key, debug=spec.debug) for key in out))


def prebuild(variant: ir.Kernel, arch: str, fast_math: bool = False) -> bool:
    """Every specialization's cubin of `variant` and of its occupancy twin for `arch` (in
    math_mode="fast" where `fast_math`), with the verdict on each twin's register plan
    (regplan.py, where nvdisasm is), into the cache (where tileiras is), for launches on
    a machine without them; False where this back end refuses the kernel."""
    try:
        lowered(variant)
    except PhobosError:
        return False
    for _, spec in specializations(variant, fast_math):
        gen, bytecode = lowered(variant, spec)
        with contextlib.suppress(TileirasFailed):  # its launches run a weaker key's cubin (prepare)
            cubin(gen.source, bytecode, arch, variant.name, variant.span)
    twin = occupancy_twin(variant)
    if twin is not None:
        for _, spec in specializations(twin, fast_math):
            _twin_fits(twin, spec, arch)  # its cubin and verdict into the cache
    return True


def check_dims(variant: ir.Kernel, dims: dict[str, int]) -> None:
    """Refuse a launch with a runtime dim the module cannot take: it assumes each is at
    most DIM_LIMIT (its views' shapes and strides are i32, as TMA takes them)."""
    for name, value in dims.items():
        if value > DIM_LIMIT:
            tensors = [p.name for p in variant.params if isinstance(p, ir.TensorParam) and name in p.dims]
            of = f" (an extent of `{tensors[0]}`)" if tensors else ""
            raise PhobosError(
                f"kernel `{variant.name}`: the runtime dim `{name}`{of} is {value}, but the Tile IR "
                f"back end takes dims of at most {DIM_LIMIT} (2^31 - 1)",
                variant.span,
                notes=("run this launch on the CUDA back end (backend=\"cuda\"), or split the tensor",),
            )


def _assembled(variant: ir.Kernel, spec: Specialization, arch: str
               ) -> tuple[Specialization, TileirasFailed | None]:
    """The strongest key `spec` allows whose module's cubin the cache has or tileiras
    makes for `arch`, and the first failure of tileiras on a stronger one. Where none
    has a cubin and tileiras is not here, the weakest key: its launch says what to
    install or carry."""
    failed: TileirasFailed | None = None
    keys = _weaker(variant, spec)
    for key in keys:
        if not buildable(variant, key, arch):
            continue
        gen, bytecode = lowered(variant, key)
        try:
            cubin(gen.source, bytecode, arch, variant.name, variant.span)
        except TileirasFailed as err:
            failed = failed or err
            continue
        return key, failed
    if failed is not None:
        raise failed
    return keys[-1], None


def prepare(variant: ir.Kernel, spec: Specialization, names: list[str], arrays: dict[str, DeviceArray],
            dims: dict[str, int], device_id: int, pointer_order: list[str]) -> Prepared:
    """The variant made ready to launch through Tile IR with arrays like `arrays`, by the
    module of the strongest key that `spec` allows and tileiras or the cache can give
    (a key whose module tileiras fails on is passed over, with a warning); a runtime dim
    the module cannot take is refused first."""
    check_dims(variant, dims)
    arch = device_arch(device_id)
    chosen, failed = _assembled(variant, spec, arch)
    if failed is not None:
        warnings.warn(f"{failed.message.splitlines()[0]}; launches of `{variant.name}` whose key is "
                      f"({module_key(spec).text()}) run the module made for ({chosen.text()}), with the same results",
                      WeakerModuleWarning, stacklevel=2)
    gen, bytecode = lowered(variant, chosen)
    built: Callable[[str], bytes] = lambda target: cubin(  # noqa: E731
        gen.source, bytecode, target, variant.name, variant.span)
    return launchable(variant, names, arrays, dims, device_id, pointer_order, gen, built)
