// Gemini CLI, offline, with mdsel as its MCP server: the model is a local
// stand-in that records what Gemini CLI sends and answers its first turn
// with a call to mdsel_index. Passes when Gemini CLI loaded both tools with
// mdsel's own schemas, ran the call, and handed the model mdsel's answer
// whole.
//
//   node tests/hosts/gemini.mjs path/to/mdsel path/to/work-dir
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [bin, work] = process.argv.slice(2).map((p) => realpathSync(p));
const here = dirname(fileURLToPath(import.meta.url));
const gemini = join(here, "node_modules", ".bin", "gemini");

const requests = [];

// The smallest value a response schema allows (Gemini CLI's own side calls,
// such as routing, ask for JSON; a wrong shape would only make it retry).
function example(schema) {
  switch (String(schema?.type).toLowerCase()) {
    case "object":
      return Object.fromEntries((schema.required ?? []).map((k) => [k, example(schema.properties[k])]));
    case "array":
      return [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    default:
      return schema?.enum?.[0] ?? "offline";
  }
}
const model = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const request = JSON.parse(body || "{}");
    requests.push({ path: req.url, request });
    const offersMdsel = JSON.stringify(request.tools ?? []).includes("mdsel_index");
    const answered = JSON.stringify(request.contents ?? []).includes("functionResponse");
    const wantsJson = request.generationConfig?.responseMimeType === "application/json";
    const part = wantsJson
      ? { text: JSON.stringify(example(request.generationConfig.responseJsonSchema)) }
      : offersMdsel && !answered
        ? { functionCall: { name: "mcp_mdsel_mdsel_index", args: { files: ["guide.md"] } } }
        : { text: "done" };
    const reply = {
      candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    };
    const sse = req.url.includes("alt=sse");
    const data = sse ? `data: ${JSON.stringify(reply)}\r\n\r\n` : JSON.stringify(reply);
    res.writeHead(200, { "content-type": sse ? "text/event-stream" : "application/json" });
    res.end(data);
  });
});
await new Promise((resolve) => model.listen(0, "127.0.0.1", resolve));

const home = mkdtempSync(join(tmpdir(), "mdsel-gemini-"));
process.on("exit", () => rmSync(home, { recursive: true, force: true }));
mkdirSync(join(home, ".gemini"));
writeFileSync(
  join(home, ".gemini", "settings.json"),
  JSON.stringify({
    security: { auth: { selectedType: "gemini-api-key" } },
    // Offline: no update check, no usage statistics, no telemetry.
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, disableAutoUpdate: true, disableUpdateNag: true },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    mcpServers: { mdsel: { command: bin, args: ["mcp"], cwd: work } },
  }),
);
writeFileSync(join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [work]: "TRUST_FOLDER" }));

const env = {
  ...process.env,
  HOME: home,
  USERPROFILE: home,
  GEMINI_API_KEY: "offline",
  GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${model.address().port}`,
  NO_BROWSER: "1",
};
const run = spawn(gemini, ["--approval-mode", "yolo", "-p", "What is in guide.md?", "--output-format", "json"], {
  cwd: work,
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
run.stdout.on("data", (d) => (output += d));
run.stderr.on("data", (d) => (output += d));
const code = await new Promise((resolve) => {
  const timer = setTimeout(() => run.kill("SIGKILL"), 240000);
  run.on("exit", (c) => {
    clearTimeout(timer);
    resolve(c);
  });
});
model.close();

const problems = [];
const declared = new Map();
for (const { request } of requests) {
  for (const tool of request.tools ?? []) {
    for (const d of tool.functionDeclarations ?? []) declared.set(d.name, d);
  }
}
const expected = execFileSync(bin, ["index", "guide.md"], { cwd: work, encoding: "utf8" });
for (const name of ["mdsel_index", "mdsel_select"]) {
  const d = declared.get(`mcp_mdsel_${name}`);
  if (!d) {
    problems.push(`Gemini CLI did not offer ${name}; it offered ${[...declared.keys()].join(", ")}`);
    continue;
  }
  const schema = d.parametersJsonSchema ?? d.parameters;
  for (const key of ["files", "selector"]) {
    if (!schema?.properties?.[key]) problems.push(`${name}: ${key} is missing from ${JSON.stringify(schema)}`);
  }
}
const responses = requests.flatMap(({ request }) =>
  (request.contents ?? []).flatMap((c) => (c.parts ?? []).filter((p) => p.functionResponse)),
);
const response = responses.find((p) => p.functionResponse.name === "mcp_mdsel_mdsel_index");
if (!response) {
  problems.push(`no answer from mdsel_index reached the model (gemini exited ${code}):\n${output.slice(-2000)}`);
} else if (!JSON.stringify(response.functionResponse.response).includes(JSON.stringify(expected).slice(1, -1))) {
  problems.push(`the model got ${JSON.stringify(response.functionResponse.response)}, not mdsel's\n${expected}`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`Gemini CLI ${execFileSync(gemini, ["--version"], { env, encoding: "utf8" }).trim()}: offered both tools and passed mdsel_index's ${expected.length} bytes on whole`);
