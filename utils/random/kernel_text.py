"""What the generators share: the Case they return, an SSA body builder
and type helpers (tile_random.py describes the families)."""

from dataclasses import dataclass, field

@dataclass
class Case:
    family: str
    name: str
    text: str
    args: list = field(default_factory=list)  # "NAME=VALUE" strings
    grid: tuple = (1,)
    has_dot: bool = False
    note: str = ""
    options: list = field(default_factory=list)  # extra tile-run options


def cdiv(a, b):
    return (a + b - 1) // b


class Body:
    """Accumulates SSA lines with fresh names."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def fresh(self, stem="v"):
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, line):
        self.lines.append("  " + line)

    def op(self, rhs, stem="v"):
        name = self.fresh(stem)
        self.emit(f"{name} = {rhs}")
        return name

    def constant(self, key, rhs, stem):
        """The SSA name of constant `rhs`, emitted on first use (`key`
        names it among the body's constants)."""
        if key not in self.consts:
            self.consts[key] = self.op(rhs, stem)
        return self.consts[key]

    def index(self, value):
        return self.constant(("index", value),
                             f"arith.constant {value} : index", "c")

    def dense(self, value, ty):
        return self.constant(("dense", value, ty),
                             f"arith.constant dense<{value}> : {ty}", "k")

    def positions(self, start, ty):
        """arange + start: the positions a rank-1 i32 tile `ty` covers from
        the index scalar `start`."""
        first = self.op(f"arith.index_cast {start} : index to i32")
        lanes = self.op(f"tile.arange : {ty}")
        return self.op(f"arith.addi {lanes}, {self.op(f'tile.splat {first} : i32 -> {ty}')} : {ty}")

    def scalar(self, value, ty):
        return self.constant(("scalar", value, ty),
                             f"arith.constant {value} : {ty}", "s")


def tensor(shape, elem):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elem + ">"


def is_float(elem):
    return elem in ("f32", "f16", "bf16")


def fconst(v, elem):
    if not is_float(elem):
        return str(int(v))
    return repr(float(v))


def kernel(name, params, body, attrs="tile.kernel"):
    head = f"func.func @{name}(" + ", ".join(params) + f")\n    attributes {{{attrs}}} {{\n"
    return head + "\n".join(body.lines) + "\n  return\n}\n"


def buf(name, elem, count, seed, kind="random"):
    if kind == "random":
        return f"{name}={elem}:{max(count, 1)}:random:{seed}"
    return f"{name}={elem}:{max(count, 1)}:{kind}"


def pick_rc(r, max_elems=4096, rows=(1, 2, 4, 8, 16, 32), cols=(8, 16, 32, 64, 128)):
    while True:
        R, C = r.choice(rows), r.choice(cols)
        if R * C <= max_elems:
            return R, C
