"""Device arrays as kernel arguments, as far as a machine with no GPU can check them."""

from __future__ import annotations

import numpy as np

from phobos.backends.gpu.arrays import DeviceArray


def test_device_array_shadows_look_like_the_array_to_the_checks():
    """The runtime's argument checks read a shadow: same shape, strides, dtype, writability."""
    rows = DeviceArray(0x1000, (3, 8), (8, 1), np.dtype(np.float32), 0, False, None).shadow()
    assert rows.shape == (3, 8) and rows.flags.c_contiguous and rows.flags.writeable
    assert rows.dtype == np.float32
    cols = DeviceArray(0x1000, (8, 3), (1, 8), np.dtype(np.int8), 0, True, None).shadow()
    assert not cols.flags.c_contiguous and not cols.flags.writeable
