#!/usr/bin/env python3
"""Prints the code blocks of one language from a Markdown file.

    code-block.py FILE LANGUAGE [N]

prints the N-th (from 1; default: the first) fenced block written
```LANGUAGE in FILE, so a test can run the README's examples as a reader
copies them. Exits 1 when there is no such block.
"""
import re
import sys


def main():
    path, language = sys.argv[1], sys.argv[2]
    index = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    text = open(path).read()
    blocks = re.findall(r"^```%s\n(.*?)^```" % re.escape(language), text,
                        re.S | re.M)
    if not 1 <= index <= len(blocks):
        print(f"{path}: no {language} block number {index} "
              f"(it has {len(blocks)})", file=sys.stderr)
        return 1
    sys.stdout.write(blocks[index - 1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
