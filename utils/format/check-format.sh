#!/usr/bin/env bash
# Checks that every C and C++ file we own is formatted as clang-format-22
# formats it (.clang-format: LLVM style, as upstream MLIR), and lists the
# files that are not. With --fix, formats them in place instead.
#
#   utils/format/check-format.sh [--fix] [SOURCE_ROOT]
#
# The files: *.c, *.h, *.cpp under lib/, include/, tools/, test/, examples/
# and benchmarks/, plus the extensionless MSL shim headers
# (include/tile/Runtime/msl: metal_stdlib & co., C++ despite their names).
# Not checked: test/Emulator/Inputs/headers (MSL headers that .metal test
# inputs include; MSL inputs are kept as kernels' authors write them, like
# the .metal files) and anything generated (the build directories are not
# under these folders; *.inc is not matched).
#
# One clang-format version only: versions format differently, so a file
# formatted by another one may fail here. CLANG_FORMAT overrides the binary.
# Exit status: 0 when every file is formatted, 1 when some are not, 2 on a
# usage error or a missing clang-format.
set -euo pipefail

fix=0
if [ "${1:-}" = "--fix" ]; then
  fix=1
  shift
fi
if [ $# -gt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  echo "usage: $0 [--fix] [SOURCE_ROOT]" >&2
  exit 2
fi
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"

clang_format=${CLANG_FORMAT:-clang-format-22}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "error: $clang_format not found; \`make deps\` installs it" \
       "(Debian package clang-format-22)" >&2
  exit 2
fi

# NUL-separated, sorted, so the report is stable.
list_files() {
  local dirs=()
  for d in lib include tools test examples benchmarks; do
    [ -d "$d" ] && dirs+=("$d")
  done
  [ ${#dirs[@]} -eq 0 ] && return 0
  find "${dirs[@]}" \
      -path test/Emulator/Inputs/headers -prune -o \
      -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \
                 -o -path 'include/tile/Runtime/msl/metal_*' \) -print0 |
    sort -z
}

mapfile -d '' files < <(list_files)
if [ ${#files[@]} -eq 0 ]; then
  echo "error: no C or C++ files under $root" >&2
  exit 2
fi

# Sets `off` to the files clang-format would change: --dry-run -Werror fails
# on them. The extensionless shim headers are C++ (clang-format's default for
# an unknown extension).
find_off() {
  off=()
  for f in "${files[@]}"; do
    if ! "$clang_format" --dry-run -Werror --ferror-limit=1 "$f" \
         >/dev/null 2>&1; then
      off+=("$f")
    fi
  done
}

if [ $fix = 1 ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P 2 "$clang_format" -i
  echo "formatted ${#files[@]} files with $clang_format"
  # What one run cannot settle (an X-macro list clang-format indents anew on
  # every run) would fail the check forever.
  find_off
  if [ ${#off[@]} -ne 0 ]; then
    echo "format: $clang_format formats these differently on every run;" \
         "put the construct between /* clang-format off */ and" \
         "/* clang-format on */:"
    printf '  %s\n' "${off[@]}"
    exit 1
  fi
  exit 0
fi

find_off
changed_lines=0

if [ ${#off[@]} -eq 0 ]; then
  echo "format: ${#files[@]} files checked with $clang_format: all formatted"
  exit 0
fi

echo "format: $clang_format would change ${#off[@]} of ${#files[@]} files:"
for f in "${off[@]}"; do
  # Lines of the file that formatting replaces (or adds, when it only adds).
  d=$("$clang_format" "$f" | diff "$f" - || true)
  n=$(grep -c '^<' <<<"$d" || true)
  [ "$n" = 0 ] && n=$(grep -c '^>' <<<"$d" || true)
  changed_lines=$((changed_lines + n))
  echo "  $f ($n lines)"
done
echo "format: $changed_lines lines in all; run \`make format\`" \
     "(utils/format/check-format.sh --fix) to format them"
exit 1
