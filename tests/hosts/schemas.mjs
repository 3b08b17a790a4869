// Every mdsel tool's input schema, as `tools/list` sends it, checked by ajv
// (the validator Gemini CLI uses) under draft-07 and under 2020-12, in strict
// mode: the schema must be valid against each meta-schema, compile, accept
// the calls the tool documents and refuse the ones it must refuse.
//
//   node tests/hosts/schemas.mjs path/to/mdsel
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { connect } from "./mcp.mjs";

const bin = process.argv[2];
const server = await connect(bin);
const { tools } = await server.request("tools/list", {});
await server.close();

const calls = {
  mdsel_index: {
    good: [{ files: ["README.md"] }, { files: ["docs"], selector: "h2.1", lines: true }],
    bad: [{}, { files: [] }, { files: "README.md", lines: "yes" }, { selector: "h2.0" }],
  },
  mdsel_select: {
    good: [{ selector: "h2.1", files: ["README.md"] }, { selector: "#install", files: ["a.md", "docs"] }],
    bad: [{ files: ["README.md"] }, { selector: "", files: ["README.md"] }, { selector: "h2.0", files: [] }],
  },
};

const problems = [];
const names = tools.map((t) => t.name).sort();
if (JSON.stringify(names) !== JSON.stringify(Object.keys(calls).sort())) {
  problems.push(`tools: ${names}`);
}
for (const [draft, ajv] of [
  ["draft-07", new Ajv({ strict: true, allErrors: true })],
  ["2020-12", new Ajv2020({ strict: true, allErrors: true })],
]) {
  for (const tool of tools) {
    const schema = tool.inputSchema;
    const where = `${tool.name} (${draft})`;
    if (!ajv.validateSchema(schema)) {
      problems.push(`${where}: not a valid schema: ${ajv.errorsText(ajv.errors)}`);
      continue;
    }
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (e) {
      problems.push(`${where}: does not compile in strict mode: ${e.message}`);
      continue;
    }
    for (const call of calls[tool.name]?.good ?? []) {
      if (!validate(call)) problems.push(`${where}: refuses ${JSON.stringify(call)}: ${ajv.errorsText(validate.errors)}`);
    }
    for (const call of calls[tool.name]?.bad ?? []) {
      if (validate(call)) problems.push(`${where}: accepts ${JSON.stringify(call)}`);
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`${tools.length} schemas valid under draft-07 and 2020-12 (ajv, strict mode)`);
