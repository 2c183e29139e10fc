#!/usr/bin/env python3
"""Writes fuzzing seeds: every .mlir under the given directories, split at
`// -----` like -split-input-file does, one seed per piece.

usage: seeds.py OUT_DIR DIR...
"""
import hashlib
import pathlib
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for root in sys.argv[2:]:
        for path in sorted(pathlib.Path(root).rglob("*.mlir")):
            text = path.read_text(errors="replace")
            for piece in text.split("\n// -----\n"):
                if not piece.strip():
                    continue
                data = piece.encode()
                # Named by content: the same seed twice is one file.
                name = hashlib.sha1(data).hexdigest()
                (out / name).write_bytes(data)
                count += 1
    print(f"{count} seeds in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
