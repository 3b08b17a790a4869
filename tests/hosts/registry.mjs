// The install channels' files, checked offline (README, "Hosts' limits"):
// - server.json against the MCP Registry's published schema
//   (vendor/server.schema.json), and against what it names: the npm
//   launcher's name and `mcpName`, and one version everywhere;
// - mcpb/manifest.json's version and tools against the same.
// (`mcpb validate` checks the manifest against the MCPB schema.)
//
//   node tests/hosts/registry.mjs ROOT VERSION
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const [root, version] = process.argv.slice(2);
const json = (path) => JSON.parse(readFileSync(join(root, path), "utf8"));
const schema = json("vendor/server.schema.json");
const server = json("server.json");
const npm = json("npm/mdsel/package.json");
const manifest = json("mcpb/manifest.json");

const problems = [];
// The registry's schema carries OpenAPI's `example` and `discriminator`.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
if (!ajv.validate(schema, server)) {
  for (const e of ajv.errors) problems.push(`server.json${e.instancePath}: ${e.message}`);
}
if (server.$schema !== schema.$id) problems.push(`server.json's $schema is not ${schema.$id}`);
if (server.name !== npm.mcpName) problems.push(`server.json's name ${server.name} != npm mcpName ${npm.mcpName}`);
const packages = server.packages ?? [];
const launcher = packages.find((p) => p.registryType === "npm");
if (!launcher) problems.push("server.json lists no npm package");
else {
  if (launcher.identifier !== npm.name) problems.push(`npm package ${launcher.identifier} != ${npm.name}`);
  if (launcher.transport?.type !== "stdio") problems.push("the npm package's transport is not stdio");
  const args = (launcher.packageArguments ?? []).map((a) => a.value);
  if (args.join(" ") !== "mcp") problems.push(`the npm package runs \`mdsel ${args.join(" ")}\`, not \`mdsel mcp\``);
}
for (const [what, v] of [
  ["server.json", server.version],
  ...packages.map((p) => [`server.json's ${p.identifier}`, p.version]),
  ["npm/mdsel/package.json", npm.version],
  ["mcpb/manifest.json", manifest.version],
]) {
  if (v !== version) problems.push(`${what}: version ${v}, not Cargo.toml's ${version}`);
}
const tools = (manifest.tools ?? []).map((t) => t.name).sort().join(",");
if (tools !== "mdsel_index,mdsel_select") problems.push(`mcpb/manifest.json lists tools ${tools}`);
if (manifest.server?.type !== "binary") problems.push("the bundle's server is not a binary");
if (!manifest.server?.mcp_config?.args?.includes("mcp")) problems.push("the bundle does not start `mdsel mcp`");

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`server.json valid against ${schema.$id}; name ${server.name}, version ${version} everywhere`);
