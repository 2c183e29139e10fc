# docs/python.md's table of Triton's tl.* API against the package: every
# name the table calls supported is a tl.* function with a handler; every
# name it calls refused is in the front end's list of refused names (and
# the reverse), and a kernel calling it is a DSLError at that line naming
# tl.<name>; every name of Triton's own tl.* API is in the table.
# RUN: %python %s | FileCheck %s

import importlib
import os
import re
import sys
import tempfile

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl
from tile_mlir.compiler import registry
from tile_mlir.frontends import triton as triton_front

# Triton's tl.* functions (its language package's __all__, Triton 3.5; the
# types, dtypes and classes left out).
TRITON_NAMES = """
abs add advance arange argmax argmin associative_scan assume atomic_add
atomic_and atomic_cas atomic_max atomic_min atomic_or atomic_xchg atomic_xor
bitonic_merge broadcast broadcast_to cat cast cdiv ceil clamp cos cumprod
cumsum debug_barrier device_assert device_print div_rn dot dot_scaled erf exp
exp2 expand_dims fdiv flip floor fma full gather histogram
inline_asm_elementwise interleave join load load_tensor_descriptor log log2
make_block_ptr make_tensor_descriptor map_elementwise max max_constancy
max_contiguous maximum min minimum multiple_of num_programs
pair_uniform_to_normal permute philox philox_impl program_id rand rand4x
randint randint4x randn randn4x range ravel reduce reduce_or reshape rsqrt
sigmoid sin softmax sort split sqrt sqrt_rn static_assert static_print
static_range store store_tensor_descriptor sum swizzle2d topk trans umulhi
uint_to_uniform_float view where xor_sum zeros zeros_like""".split()

# Names the table lists that are not functions of their own.
KEYWORDS = ("boundary_check", "padding_option")

here = os.path.dirname(os.path.abspath(__file__))
doc = open(os.path.join(here, "..", "..", "..", "docs", "python.md")).read()
table = doc.split("### Triton's `tl.*` API")[1].split("\n#")[0]
supported, refused = set(), set()
for line in table.splitlines():
    if not line.startswith("| `"):
        continue
    cells = [c.strip() for c in line.strip("|").split("|")]
    names = [n for n in re.findall(r"`([A-Za-z_][A-Za-z0-9_.]*)", cells[0])
             if "." not in n and n not in KEYWORDS]
    (refused if cells[1].startswith("refused") else supported).update(names)
print("table rows read:", len(supported) > 60, len(refused) > 25)
# CHECK: table rows read: True True

problems = []
for name in sorted(supported):
    f = getattr(tl, name, None)
    if f is None or (f not in registry.HANDLERS and name != "static_range"):
        problems.append("tl.%s: supported in the table, not provided" % name)
problems += ["tl.%s: refused in the table, not by the front end" % n
             for n in sorted(refused - set(triton_front.REFUSED))]
problems += ["tl.%s: refused by the front end, not in the table" % n
             for n in sorted(set(triton_front.REFUSED) - refused)]
problems += ["Triton's tl.%s is not in the table" % n for n in TRITON_NAMES
             if n not in supported | refused]

# A kernel calling each refused name: a DSLError at line 7 naming it.
KERNEL = '''import tile_mlir as triton
import tile_mlir.language as tl

@triton.jit
def kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.{name}(x)
'''
gen = tempfile.mkdtemp()
sys.path.insert(0, gen)
for name in sorted(refused):
    with open(os.path.join(gen, "refused_%s.py" % name), "w") as f:
        f.write(KERNEL.format(name=name))
    module = importlib.import_module("refused_%s" % name)
    try:
        module.kernel.compile(np.zeros(16, np.float32), BLOCK=16)
        problems.append("tl.%s: no error" % name)
    except triton.DSLError as e:
        first = str(e).splitlines()[0]
        if ("refused_%s.py:7:" % name) not in first or \
                ("tl.%s is not supported" % name) not in first:
            problems.append("tl.%s: %s" % (name, first))
print("\n".join(problems) or "table and package agree")
# CHECK-NEXT: table and package agree
