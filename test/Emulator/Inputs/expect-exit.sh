#!/bin/sh
# expect-exit.sh CODE COMMAND...: runs COMMAND and fails unless it exits with
# exactly CODE (lit's `not` only tells zero from non-zero).
expected=$1
shift
"$@"
status=$?
if [ "$status" -ne "$expected" ]; then
  echo "expect-exit.sh: exit status $status, expected $expected" >&2
  exit 1
fi
exit 0
