// The headings the MDX compiler sees in .mdx files, as mdsel would list them:
// those outside lists, block quotes and footnotes (JSX elements do not count:
// a heading inside <TabItem> is still the page's heading), with their line
// and level. @mdx-js/mdx 3 with GFM and front matter, as Docusaurus 3 and
// Astro Starlight read .mdx.
//
//   node tests/mdx/headings.mjs FILE...   → one JSON line per file:
//   {"file": "...", "headings": [[line, level], ...]} or {"file", "error"}
import { readFileSync } from "node:fs";
import { createProcessor } from "@mdx-js/mdx";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";

const processor = createProcessor({ remarkPlugins: [remarkGfm, [remarkFrontmatter, ["yaml", "toml"]]] });

function collect(node, out) {
  for (const child of node.children ?? []) {
    if (child.type === "heading") out.push([child.position.start.line, child.depth]);
    else if (child.type === "mdxJsxFlowElement") collect(child, out);
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  try {
    const tree = processor.parse(readFileSync(file, "utf8"));
    console.log(JSON.stringify({ file, headings: collect(tree, []) }));
  } catch (e) {
    console.log(JSON.stringify({ file, error: String(e.reason ?? e.message).slice(0, 200) }));
  }
}
