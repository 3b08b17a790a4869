#!/usr/bin/env node
// The `mdsel` command of the npm package: finds the native binary in this
// platform's package (an optional dependency, installed only where its `os`
// and `cpu` match) and runs it. Arguments, stdin/stdout/stderr, the exit code
// and signals pass straight through, so `npx -y mdsel mcp` is the MCP server.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const platforms = require("../platforms.json");
const { version } = require("../package.json");

const key = `${process.platform}-${process.arch}`;
const entry = platforms.find((p) => `${p.os}-${p.cpu}` === key);
if (!entry) {
  const known = platforms.map((p) => `${p.os}-${p.cpu}`).join(", ");
  fail(
    `no prebuilt binary for ${key} (there are: ${known}).\n` +
      "Build it from source instead: cargo install --locked mdsel",
  );
}

let binary;
try {
  const dir = path.dirname(require.resolve(`${entry.package}/package.json`));
  binary = path.join(dir, "bin", process.platform === "win32" ? "mdsel.exe" : "mdsel");
} catch {
  fail(
    `the package ${entry.package}, which holds the mdsel binary for ${key}, is not installed.\n` +
      "It is an optional dependency of mdsel: install without --no-optional or --omit=optional,\n" +
      `or add it yourself: npm install ${entry.package}@${version}`,
  );
}

// Some package managers drop the executable bit when unpacking.
if (process.platform !== "win32") {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(binary, 0o755);
    } catch {}
  }
}

const child = spawn(binary, process.argv.slice(2), { stdio: "inherit", windowsHide: true });

// Forward the signals a terminal or a host sends, so the binary can end as
// it would have on its own.
const forwarded = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGBREAK"];
const handlers = new Map();
for (const signal of forwarded) {
  const handler = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  try {
    process.on(signal, handler);
    handlers.set(signal, handler);
  } catch {} // a signal this platform does not have
}

child.on("error", (err) => fail(`cannot run ${binary}: ${err.message}`));
child.on("exit", (code, signal) => {
  for (const [name, handler] of handlers) process.removeListener(name, handler);
  if (signal) {
    // End the way the binary ended, so the caller sees the same signal. The
    // signal is delivered asynchronously: keep the event loop alive until it
    // lands, or Node would exit 0 first; exit as a shell would if it never does.
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] || 0)), 2000);
    return;
  }
  process.exit(code === null ? 1 : code);
});

function fail(message) {
  process.stderr.write(`mdsel: ${message}\n`);
  process.exit(1);
}
