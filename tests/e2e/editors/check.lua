-- Headless Neovim as a real client: open files with the shipped config, wait for the
-- diagnostics the test names, write them all as JSON, and exit 0 only if they came.
-- Environment: CS_RUNTIME (editors/nvim), CS_SERVER (JSON list: the server command, or null),
-- CS_FILES (JSON list of paths to open), CS_CODES (JSON list of codes to wait for,
-- each `code` anywhere or `code:/path/of/the/file`),
-- CS_OUT (where the JSON goes), CS_TIMEOUT_MS; CS_MODE=native: vim.lsp.enable without setup();
-- CS_VERIFY=1: the network wave too (point CITE_SENTINEL_*_URL at the fake API).
vim.opt.runtimepath:prepend(vim.env.CS_RUNTIME)
vim.cmd('filetype on')

local server = vim.fn.json_decode(vim.env.CS_SERVER)
if server == vim.NIL then -- null: the shipped default, `cite-sentinel lsp` from PATH
  server = nil
end
local files = vim.fn.json_decode(vim.env.CS_FILES)
local wanted = vim.fn.json_decode(vim.env.CS_CODES)

local options = { cmd = server, init_options = { verify = vim.env.CS_VERIFY == '1' } }
if vim.env.CS_MODE == 'native' then -- 0.11: lsp/cite_sentinel.lua found on 'runtimepath'
  vim.lsp.config('cite_sentinel', options)
  vim.lsp.enable('cite_sentinel')
else
  require('cite_sentinel').setup(options)
end
for _, file in ipairs(files) do
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
end

local function code_of(d)
  if d.code ~= nil then
    return d.code
  end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code or vim.NIL
end

local function all_came()
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get()) do
    local code = code_of(d)
    if type(code) == 'string' then
      seen[code] = true
      seen[code .. ':' .. vim.api.nvim_buf_get_name(d.bufnr)] = true
    end
  end
  for _, code in ipairs(wanted) do
    if not seen[code] then
      return false
    end
  end
  return true
end

local came = vim.wait(tonumber(vim.env.CS_TIMEOUT_MS), all_came, 20)

local found = {}
for _, d in ipairs(vim.diagnostic.get()) do
  table.insert(found, {
    file = vim.api.nvim_buf_get_name(d.bufnr),
    code = code_of(d),
    severity = d.severity,
    lnum = d.lnum,
    col = d.col,
    end_lnum = d.end_lnum,
    end_col = d.end_col,
    message = d.message,
  })
end
local clients = {}
for _, client in pairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
  table.insert(clients, {
    name = client.name,
    encoding = client.offset_encoding,
    root = client.config.root_dir or vim.NIL,
  })
end
vim.fn.writefile({ vim.fn.json_encode({ diagnostics = found, clients = clients }) }, vim.env.CS_OUT)
if came then
  vim.cmd('qall!')
else
  vim.cmd('cquit! 1')
end
