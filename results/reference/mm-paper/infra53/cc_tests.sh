#!/bin/sh
# cc_tests.sh OPT: compiles every sanitized test object as make does, with OPT last; CPU via time
cd /work/wt/infra53
for f in tests/c/*.c tests/fuzz/harness.c; do
  cc -std=c11 -Og -g1 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all $1 -c -o /tmp/infra53_cc.o $f || exit 1
done
