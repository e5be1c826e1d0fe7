"""What a Neovim user waits for on contextlab_cdl.bib: open to diagnostics, edit to diagnostics.

Headless Neovim (the shipped editors/nvim config) starts the server on an empty manuscript, then
opens the 6,315-entry bibliography beside it, with verification off and both debounces at zero,
and records inside Lua when each
textDocument/publishDiagnostics for the file arrives: "complete" is the first push after `:edit`
(every local finding at once), "edit" the push after one character is typed (an unclosed brace
on line 6, as in benchmarks.lsp_latency) right after it, while the server still reads the
entries for hover in the background. Figures include Neovim's own handling.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIB = ROOT.parent / "shared" / "data" / "real-bibs" / "contextlab_cdl.bib"

LUA = r"""
vim.opt.runtimepath:prepend(vim.env.BENCH_RUNTIME)
vim.cmd('filetype on')
local uv = vim.uv or vim.loop
local bib = vim.env.BENCH_BIB
local pushes = {}
local default = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and vim.uri_to_fname(result.uri) == bib then
    table.insert(pushes, uv.hrtime())
  end
  return default(err, result, ctx, config)
end
require('cite_sentinel').setup({
  cmd = vim.fn.json_decode(vim.env.BENCH_SERVER),
  init_options = { verify = false, debounceMs = 0 },
  flags = { debounce_text_changes = 0 },
})
-- Start the server on an empty manuscript first and wait for an answer, so that "first"
-- counts from the bibliography's didOpen, not from the server's start-up.
vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.BENCH_PAPER))
local all = vim.lsp.get_clients or vim.lsp.get_active_clients
vim.wait(60000, function()
  local started = all()
  return #started > 0 and started[1].initialized == true
end, 5)
local opened = uv.hrtime()
vim.cmd('edit ' .. vim.fn.fnameescape(bib))
local times = {}
if vim.wait(120000, function() return #pushes >= 1 end, 5) then
  times.complete = (pushes[1] - opened) / 1e6
  local seen = #pushes
  local typed = uv.hrtime()
  vim.api.nvim_buf_set_text(0, 5, 10, 5, 10, { '{' }) -- an unclosed brace: a parse error
  if vim.wait(60000, function() return #pushes > seen end, 5) then
    times.edit = (pushes[seen + 1] - typed) / 1e6
  end
end
vim.fn.writefile({ vim.fn.json_encode(times) }, vim.env.BENCH_OUT)
vim.cmd('qall!')
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--nvim", default=str(Path(sys.executable).parent / "nvim"))
    options = parser.parse_args()
    if not BIB.is_file():
        sys.exit(f"{BIB}: not found; this benchmark needs the shared data beside the project")
    times: dict[str, list[float]] = {"complete": [], "edit": []}
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / BIB.name).write_bytes(BIB.read_bytes())  # writable, unlike the shared copy
        (work / "paper.md").write_text("", encoding="utf-8")
        (work / "bench.lua").write_text(LUA, encoding="utf-8")
        for _ in range(options.runs):
            for name, value in _once(options.nvim, work).items():
                times[name].append(value)
    print(f"Neovim: {options.nvim}, runs: {options.runs}")
    for name, values in times.items():
        print(
            f"{name:9} p50 {_quantile(values, 0.5):7.0f} ms  p95 {_quantile(values, 0.95):7.0f} ms"
        )


def _once(nvim: str, work: Path) -> dict[str, float]:
    out = work / "times.json"
    out.unlink(missing_ok=True)
    environment = {
        **os.environ,
        "BENCH_RUNTIME": str(ROOT / "editors" / "nvim"),
        "BENCH_BIB": str(work / BIB.name),
        "BENCH_PAPER": str(work / "paper.md"),
        "BENCH_SERVER": json.dumps([sys.executable, "-m", "cite_sentinel", "lsp"]),
        "BENCH_OUT": str(out),
        "XDG_STATE_HOME": str(work / "state"),
    }
    command = [nvim, "--headless", "--clean", "-n", "-u", "NONE", "-c", "luafile bench.lua"]
    subprocess.run(command, cwd=work, env=environment, timeout=300, check=True)
    result: dict[str, float] = json.loads(out.read_text(encoding="utf-8"))
    return result


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


if __name__ == "__main__":
    main()
