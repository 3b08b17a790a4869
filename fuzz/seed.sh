#!/usr/bin/env bash
# Builds the seed corpora fuzz/corpus/{tree,selector,select}/ from the shared
# Markdown corpus (../shared/corpus/ beside the project root, or $MDSEL_CORPUS).
# Deterministic: the same corpus gives the same seeds. Existing seeds are kept, so
# running it again over a grown corpus only adds files.
#
#   bash fuzz/seed.sh
set -euo pipefail

fuzz="$(cd "$(dirname "$0")" && pwd)"
src="${MDSEL_CORPUS:-$fuzz/../../shared/corpus}"
[ -d "$src" ] || { echo "seed.sh: no corpus at $src (set MDSEL_CORPUS)" >&2; exit 1; }
src="$(cd "$src" && pwd)"
tree="$fuzz/corpus/tree"
selector="$fuzz/corpus/selector"
select="$fuzz/corpus/select"
mkdir -p "$tree" "$selector" "$select"

# tree: every spec example (tiny edge cases), small real files whole, the first
# 150 lines of each big file, and a few encodings: CRLF, a BOM, no final newline.
n=0
add() { cp "$1" "$tree/$2"; n=$((n + 1)); }
for f in "$src"/commonmark-spec/examples/*.md; do add "$f" "cm-$(basename "$f")"; done
for f in "$src"/gfm-spec/examples/*.md; do add "$f" "gfm-$(basename "$f")"; done
while IFS= read -r f; do
  add "$f" "real-$(echo "${f#"$src"/}" | tr '/' '-')"
done < <(
  {
    find "$src/rust-book" -name '*.md' -size -8k
    find "$src/rust-rfcs" -name '*.md' -size -6k | sort | head -n 100
    find "$src/nodejs-api" -name '*.md' -size -16k
  } | sort
)
for f in "$src"/big-files/*.md; do
  head -n 150 "$f" > "$tree/head-$(basename "$f")"
  n=$((n + 1))
done
for f in "$src"/rust-book/src/ch01-01-installation.md "$src"/nodejs-api/tty.md; do
  [ -f "$f" ] || continue
  b="$(basename "$f" .md)"
  sed 's/$/\r/' "$f" > "$tree/crlf-$b.md"
  { printf '\xef\xbb\xbf'; cat "$f"; } > "$tree/bom-$b.md"
  head -c -1 "$f" > "$tree/nonl-$b.md"
  n=$((n + 3))
done
printf -- '---\ntitle: x\n---\n# A\n\ntext\n' > "$tree/front-yaml.md"
printf -- '+++\ntitle = "x"\n+++\npreamble\n\n## B\n' > "$tree/front-toml.md"
n=$((n + 2))
echo "tree: $n seeds in $tree"

# selector: every type name with each index form and query, plus namespaces,
# paths, comma lists and near misses.
types=(h1 h2 h3 h4 h5 h6 section root front para paragraph list item code table quote
  blockquote html page '*' block:code block:paragraph block:list block:table
  block:blockquote block:html block:frontmatter heading:h2 H2 Code)
indexes=('' .0 .12 .1-3 .0,2,5 '[0]' '[1-2]' '[3,4]' . .- '.3-1' '[' '.99999999999999999999')
queries=('' '?head=5' '?tail=2' '?full=true' '?head=1&tail=1' '?head=' '?x=1')
i=0
put() { printf '%s' "$1" > "$selector/$(printf '%05d' "$i")"; i=$((i + 1)); }
for t in "${types[@]}"; do
  for x in "${indexes[@]}"; do put "$t$x"; done
  for q in "${queries[@]}"; do put "$t.0$q"; done
done
for s in 'readme::h2.1/code.0?head=5' 'docs/readme::h1.0/h2.1' 'list.2/item.4/list.0' \
  'quote.0/code.0' 'h2.1/page.2' '*/page' '*/*' 'h2.0,h3.4' 'h2.0,2,4' 'h2.0, code.1' \
  '::h2' 'h2.1/root' 'h2.1/page/para' 'h7' 'heading' 'installation guide' 'h2..1' \
  'h2.1/' '/h2' 'h2.1?' 'h2.1?head=5&' 'ünïcode::h1' 'h2.1/code.0?tail=1&full=true'; do
  put "$s"
done
echo "selector: $i seeds in $selector"

# select: byte 0 = options (see fuzz_targets/select.rs), line 1 = selectors,
# the rest = a document from the tree seeds above (every fourth, in name order).
picks=('*' '*/page' '*/*' root front h1.0 h2 h2.1/code.0 'h1.0/h2.1?head=3' section.2/para
  code.0 list.0/item.1 list.0/item.0/list.0 quote.0/para table.0 html.0 para.1?tail=2
  'h2.0,code.1' h3.0/page.1 'h9.0' 'h2.99' 'nope::h1' 'install guide' 'a::*/*')
flags=('\x01' '\x04' '\x1f' '\x23' '\x42' '\x63' '\x07' '\x10')
j=0
while IFS= read -r f; do
  out="$select/$(printf '%05d' "$j")"
  printf "${flags[$((j % ${#flags[@]}))]}" > "$out"
  printf '%s\n' "${picks[$((j % ${#picks[@]}))]}" >> "$out"
  cat "$f" >> "$out"
  j=$((j + 1))
done < <(find "$tree" -type f -name "*.md" | sort | awk 'NR % 4 == 1')
echo "select: $j seeds in $select"
