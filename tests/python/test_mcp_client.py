"""`mdsel mcp` driven by the official Python MCP SDK (the `mcp` package).

Usage: python test_mcp_client.py MDSEL_BINARY REPO_ROOT

Run by `cargo test --test integration mcp_python::`, which builds the binary and the
virtualenv first. Each check starts the server as a child process over stdio,
as agent hosts do. Exits non-zero on the first failure.
"""

import json
import traceback
import warnings
import os
import subprocess
import sys
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.message import SessionMessage

MDSEL = str(Path(sys.argv[1]).resolve())
REPO = Path(sys.argv[2]).resolve()
FIXTURES = REPO / "tests" / "fixtures"
# The server's copies of the tool descriptions; tests/mcp_tools.rs pins them.
INDEX_DESCRIPTION = (REPO / "src" / "mcp" / "index.txt").read_text()
SELECT_DESCRIPTION = (REPO / "src" / "mcp" / "select.txt").read_text()

# Roots are deprecated in the newest protocol revision; clients on the earlier
# ones (this session's) still use them.
warnings.filterwarnings("ignore", message="The roots capability is deprecated")

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


def clean_env(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDSEL_")}
    env.update(extra or {})
    return env


def cli(cwd, args, env=None):
    """What an MCP result must hold: stdout, then stderr on failure."""
    out = subprocess.run([MDSEL, *args], cwd=cwd, env=clean_env(env), capture_output=True, stdin=subprocess.DEVNULL)
    failed = out.returncode != 0
    text = out.stdout + (out.stderr if failed else b"")
    return text.decode(), failed


@asynccontextmanager
async def session(cwd, args=(), env=None, **kwargs):
    params = StdioServerParameters(command=MDSEL, args=["mcp", *args], cwd=str(cwd), env=clean_env(env))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, **kwargs) as s:
            await s.initialize()
            yield s


async def call(s, tool, **arguments):
    result = await s.call_tool(tool, arguments)
    return result.content[0].text, bool(result.is_error)


def expect(got, want, what):
    if got != want:
        raise AssertionError(f"{what}:\n  got:  {got!r}\n  want: {want!r}")


# ------------------------------------------------------------------ checks


@check
async def tools_list():
    async with session(FIXTURES) as s:
        tools = {t.name: t for t in (await s.list_tools()).tools}
        expect(sorted(tools), ["mdsel_index", "mdsel_select"], "tool names")
        expect(tools["mdsel_index"].description, INDEX_DESCRIPTION, "mdsel_index description")
        expect(tools["mdsel_select"].description, SELECT_DESCRIPTION, "mdsel_select description")
        files = {"type": "array", "items": {"type": "string"}, "minItems": 1}
        index = tools["mdsel_index"].input_schema
        expect(index["required"], ["files"], "index required")
        expect({k: index["properties"]["files"][k] for k in files}, files, "index files schema")
        select = tools["mdsel_select"].input_schema
        expect(select["required"], ["selector", "files"], "select required")
        expect(select["properties"]["selector"]["minLength"], 1, "selector minLength")
        expect({k: select["properties"]["files"][k] for k in files}, files, "select files schema")
        for t in tools.values():
            a = t.annotations
            expect(
                (a.read_only_hint, a.idempotent_hint, a.destructive_hint, a.open_world_hint),
                (True, True, False, False),
                f"{t.name} annotations",
            )


@check
async def byte_identity_with_the_cli():
    env = {"MDSEL_MAX_WORDS": "30"}
    async with session(FIXTURES, env=env) as s:
        for files in (["guide.md"], ["long.md"], ["crlf.md", "bom.md"], ["docs/readme.md", "api/readme.md"], ["tree"]):
            got = await call(s, "mdsel_index", files=files)
            expect(got, cli(FIXTURES, ["index", *files], env), f"index {files}")
        for selector, files in (
            ("h2.1/code.0", ["guide.md"]),
            ("h2.0-1", ["guide.md"]),
            ("root", ["guide.md"]),
            ("*", ["crlf.md"]),
            ("h2.0", ["long.md"]),
            ("h2.0/page.1", ["long.md"]),
            ("api/readme::h1.0", ["docs/readme.md", "api/readme.md"]),
            ("install", ["guide.md"]),
        ):
            got = await call(s, "mdsel_select", selector=selector, files=files)
            want = cli(FIXTURES, ["select", selector, *files], env)
            expect(got, want, f"select {selector} {files}")
            expect(got[1], False, f"select {selector} {files} succeeds")


@check
async def failures_carry_the_cli_error_text():
    async with session(FIXTURES) as s:
        for selector, files in (
            ("h2.99", ["guide.md"]),
            ("h2.", ["guide.md"]),
            ("nope::h1.0", ["guide.md"]),
            ("h1.0", ["missing.md"]),
            ("h1.0", ["guide.md", "missing.md"]),
            ("h1.0", ["bad/binary.md"]),
            ("h1.0", ["empty"]),
            ("tabel.0", ["guide.md"]),
        ):
            got = await call(s, "mdsel_select", selector=selector, files=files)
            want = cli(FIXTURES, ["select", selector, *files])
            expect(want[1], True, f"the CLI fails for {selector!r} {files}")
            expect(got, want, f"select {selector!r} {files}")
        text, is_error = await call(s, "mdsel_index", files=["-"])
        expect(is_error, True, "stdin refused")
        expect(text.startswith("!NOT_A_FILE: -\n"), True, f"stdin message: {text!r}")
        # A missing argument is named, whichever way the SDK reports it.
        try:
            result = await s.call_tool("mdsel_select", {"files": ["guide.md"]})
            message = result.content[0].text
            expect(result.is_error, True, "missing selector is an error")
        except Exception as e:  # a JSON-RPC error
            message = str(e)
        expect("selector" in message, True, f"missing selector named: {message!r}")


def roots_tree(base):
    work, other = base / "work", base / "other"
    (work / "docs").mkdir(parents=True)
    other.mkdir()
    (work / "docs" / "in.md").write_text("# Inside\n\nfine\n")
    (other / "secret.md").write_text("# Secret\n\nkeep out\n")
    (work / "link.md").symlink_to(other / "secret.md")
    return work, other


def refused(result, path):
    text, is_error = result
    expect(is_error, True, f"{path} refused")
    expect(f"!PERMISSION_DENIED: {path}\n" in text and "outside the allowed roots" in text, True, text)
    expect("keep out" in text, False, f"{path} leaked")


@check
async def roots_confine_reading():
    with tempfile.TemporaryDirectory() as tmp:
        work, other = roots_tree(Path(tmp).resolve())
        async with session(work) as s:
            expect(await call(s, "mdsel_select", selector="h1.0", files=["docs/in.md"]), ("# Inside\n\nfine\n", False), "inside")
            for path in (str(other / "secret.md"), "../other/secret.md", "docs/../../other/secret.md", "link.md"):
                refused(await call(s, "mdsel_select", selector="h1.0", files=[path]), path)
        async with session(work, args=["--root", str(other)]) as s:
            got = await call(s, "mdsel_select", selector="h1.0", files=["../other/secret.md"])
            expect(got, ("# Secret\n\nkeep out\n", False), "--root allows")


@check
async def client_roots_add():
    with tempfile.TemporaryDirectory() as tmp:
        work, other = roots_tree(Path(tmp).resolve())
        declared = []

        async def list_roots(context):
            return types.ListRootsResult(roots=[types.Root(uri=d.as_uri()) for d in declared])

        async with session(work, list_roots_callback=list_roots) as s:
            refused(await call(s, "mdsel_select", selector="h1.0", files=["../other/secret.md"]), "../other/secret.md")
            declared.append(other)
            await s.send_roots_list_changed()
            got = await call(s, "mdsel_select", selector="h1.0", files=["../other/secret.md"])
            expect(got, ("# Secret\n\nkeep out\n", False), "client root allows")
            expect((await call(s, "mdsel_select", selector="h1.0", files=["docs/in.md"]))[1], False, "cwd still allowed")


@check
async def fifty_concurrent_calls():
    selectors = ["h1.0", "h2.0", "h2.1", "code.0", "para.0"]
    want = {sel: cli(FIXTURES, ["select", sel, "guide.md", "long.md"]) for sel in selectors}
    results = {}
    async with session(FIXTURES) as s:

        async def one(i):
            sel = selectors[i % len(selectors)]
            results[i] = (sel, await call(s, "mdsel_select", selector=sel, files=["guide.md", "long.md"]))

        async with anyio.create_task_group() as tg:
            for i in range(50):
                tg.start_soon(one, i)
    expect(len(results), 50, "answers")
    for i, (sel, got) in results.items():
        expect(got, want[sel], f"call {i} ({sel})")


@asynccontextmanager
async def raw_session(cwd):
    """The SDK's session over a process we hold, so the test can also write raw
    bytes to the server, read everything it wrote, and see its exit status."""
    process = await anyio.open_process([MDSEL, "mcp"], cwd=cwd, env=clean_env())
    to_session, session_in = anyio.create_memory_object_stream(100)
    session_out, from_session = anyio.create_memory_object_stream(100)
    seen = []

    async def pump_out():
        buffer = b""
        async for chunk in process.stdout:
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                seen.append(json.loads(line))
                await to_session.send(SessionMessage(types.jsonrpc_message_adapter.validate_json(line)))
        await to_session.aclose()

    async def pump_in():
        async for message in from_session:
            data = message.message.model_dump_json(by_alias=True, exclude_unset=True)
            await process.stdin.send(data.encode() + b"\n")

    async with anyio.create_task_group() as tg:
        tg.start_soon(pump_out)
        tg.start_soon(pump_in)
        async with ClientSession(session_in, session_out) as s:
            await s.initialize()
            yield s, process, seen
        tg.cancel_scope.cancel()


@check
async def malformed_line_then_valid_request():
    async with raw_session(FIXTURES) as (s, process, seen):
        expect((await call(s, "mdsel_index", files=["guide.md"]))[1], False, "before")
        await process.stdin.send(b"{this is not json\n")
        got = await call(s, "mdsel_select", selector="h2.1/code.0", files=["guide.md"])
        expect(got, cli(FIXTURES, ["select", "h2.1/code.0", "guide.md"]), "after a bad line")
        codes = [m["error"]["code"] for m in seen if "error" in m]
        expect(codes, [-32700], "a parse error answers the bad line")
        expect(all(m.get("jsonrpc") == "2.0" for m in seen), True, "stdout is JSON-RPC only")
        await process.stdin.aclose()
        expect(await process.wait(), 0, "exit status after EOF")


@check
async def eof_before_initialize():
    out = subprocess.run([MDSEL, "mcp"], cwd=FIXTURES, env=clean_env(), capture_output=True, stdin=subprocess.DEVNULL)
    expect((out.returncode, out.stdout), (0, b""), "exit status and output on EOF before initialize")


async def main():
    failed = 0
    for fn in CHECKS:
        try:
            with anyio.fail_after(120):
                await fn()
            print(f"ok   {fn.__name__}")
        except Exception as e:  # report every check, then fail
            failed += 1
            print(f"FAIL {fn.__name__}: {type(e).__name__}: {e}")
            traceback.print_exception(e)
    print(f"{len(CHECKS) - failed} passed, {failed} failed")
    return failed


if __name__ == "__main__":
    sys.exit(1 if anyio.run(main) else 0)
