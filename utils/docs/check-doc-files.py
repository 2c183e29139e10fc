#!/usr/bin/env python3
"""Checks that the documentation only names files that ship.

Reads README.md and docs/*.md under the source root given as the only
argument and collects every repository path they mention in code spans and
code blocks (examples/..., test/..., include/..., lib/..., tools/...,
utils/..., benchmarks/..., python/..., docs/...), and every relative
Markdown link. Each must exist, so a reader who copies a command finds its
input. Generated paths (build/...) and globs/placeholders are not checked.
Also checks that docs/architecture.md lists every public header: each *.h
under include/ by its path in a code span, and the extensionless MSL shim
headers of include/tile/Runtime/msl (metal_stdlib & co.) by name.
Prints one line per missing path and exits 1 if there is any.
"""
import pathlib
import re
import sys

ROOTS = ("examples", "test", "include", "lib", "tools", "utils", "benchmarks",
         "python", "docs", "cmake")
PATH_RE = re.compile(r"(?<![\w./-])((?:%s)/[\w./+-]*[\w+-])" % "|".join(ROOTS))
LINK_RE = re.compile(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)")


def mentioned_paths(text):
    # Only what a reader would type: code spans and fenced blocks.
    code = "\n".join(re.findall(r"```.*?```", text, re.S) +
                     re.findall(r"`[^`\n]+`", text))
    for match in PATH_RE.finditer(code):
        path = match.group(1).rstrip(".")
        if any(c in path for c in "{}*<>"):
            continue
        yield path


SHIM_DIR = pathlib.Path("include/tile/Runtime/msl")


def unlisted_headers(root):
    """Public headers docs/architecture.md does not name."""
    listing = (root / "docs" / "architecture.md").read_text()
    for path in sorted((root / "include").rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file():
            continue
        if path.suffix == ".h":
            named = f"`{rel.as_posix()}`" in listing
        elif not path.suffix and rel.parent == SHIM_DIR:
            named = f"`{path.name}`" in listing
        else:
            continue
        if not named:
            yield rel.as_posix()


def main():
    root = pathlib.Path(sys.argv[1])
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    missing = []
    for page in pages:
        text = page.read_text()
        for path in sorted(set(mentioned_paths(text))):
            if not (root / path).exists():
                missing.append(f"{page.relative_to(root)}: names {path}, "
                               "which does not exist")
        for link in sorted(set(LINK_RE.findall(text))):
            if not (page.parent / link).exists():
                missing.append(f"{page.relative_to(root)}: links to {link}, "
                               "which does not exist")
    for header in unlisted_headers(root):
        missing.append(f"docs/architecture.md: does not list {header}, "
                       "a public header")
    for line in missing:
        print(line)
    print(f"checked {len(pages)} pages: {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
