#!/bin/bash
# extract.sh GITDIR PREFIX DEST: every blob under PREFIX that the mirror holds; missing ones listed on stderr
G=$1; P=$2; D=$3
git --git-dir=$G ls-tree -r HEAD -- $P | while read mode type obj path; do
  [ $type = blob ] || continue
  mkdir -p "$D/$(dirname "$path")"
  if git --git-dir=$G cat-file -e $obj 2>/dev/null; then git --git-dir=$G cat-file blob $obj > "$D/$path"; [ $mode = 100755 ] && chmod +x "$D/$path"; else echo "missing: $path" >&2; fi
done
