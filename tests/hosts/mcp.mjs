// A bare MCP client over stdio: newline-delimited JSON-RPC, as every host
// speaks it, with no SDK between the test and the bytes.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export async function connect(bin, args = ["mcp"], options = {}) {
  const child = spawn(bin, args, { stdio: ["pipe", "pipe", "inherit"], ...options });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line);
    const done = waiting.get(message.id);
    if (done) {
      waiting.delete(message.id);
      done(message);
    }
  });
  let next = 1;
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer in 20 s`)), 20000);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        m.error ? reject(new Error(`${method}: ${JSON.stringify(m.error)}`)) : resolve(m.result);
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  const init = await request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "mdsel-host-checks", version: "1" },
  });
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  return {
    init,
    request,
    close: () => {
      child.stdin.end();
      return new Promise((resolve) => child.on("exit", resolve));
    },
  };
}
