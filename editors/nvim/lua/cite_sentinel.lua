-- cite-sentinel for Neovim: one configuration for 0.11's vim.lsp.config and for 0.7+.
local M = {}

M.name = 'cite_sentinel'

M.filetypes = { 'bib', 'tex', 'plaintex', 'markdown', 'pandoc', 'typst' }

M.root_markers = { '.cite-sentinel.toml', 'pyproject.toml', '.git' }

-- The folder of the nearest marker above the file, else the file's own folder.
function M.root_of(path)
  local start = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(M.root_markers) do
    local file = vim.fn.findfile(marker, start .. ';')
    if file ~= '' then
      return vim.fn.fnamemodify(file, ':p:h')
    end
    local folder = vim.fn.finddir(marker, start .. ';')
    if folder ~= '' then
      return vim.fn.fnamemodify(folder, ':p:h:h') -- ':p' ends a folder with '/'
    end
  end
  return start
end

-- The client configuration; `opts` overrides any field (cmd, init_options, ...).
function M.config(opts)
  local defaults = {
    name = M.name,
    cmd = { 'cite-sentinel', 'lsp' },
    filetypes = M.filetypes,
    -- Sent as initializationOptions: verify, offline, mailto, backends, severity,
    -- ground, scorer, fulltext, accept (see the README). vim.empty_dict(): an empty Lua
    -- table would be sent as the JSON array [], which is not a settings object.
    init_options = vim.empty_dict(),
  }
  return vim.tbl_deep_extend('force', defaults, opts or {})
end

-- Neovim 0.11+: the config in the form vim.lsp.config takes (root found per buffer).
function M.native(opts)
  local config = M.config(opts)
  config.name = nil
  config.root_dir = function(bufnr, on_dir)
    on_dir(M.root_of(vim.api.nvim_buf_get_name(bufnr)))
  end
  return config
end

local clients = {} -- Neovim 0.7: one client per root folder

-- Start (or reuse) the server for one buffer: vim.lsp.start on 0.8+, start_client on 0.7.
function M.attach(bufnr, opts)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  local config = M.config(opts)
  config.root_dir = M.root_of(path)
  config.filetypes = nil
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
    return
  end
  config.workspace_folders = {
    { uri = vim.uri_from_fname(config.root_dir), name = config.root_dir },
  }
  local id = clients[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    clients[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

-- Enable the server for its filetypes, with whatever API this Neovim has.
function M.setup(opts)
  if vim.lsp.config and vim.lsp.enable then
    vim.lsp.config(M.name, M.native(opts))
    vim.lsp.enable(M.name)
    return
  end
  local group = vim.api.nvim_create_augroup('cite_sentinel', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.filetypes,
    callback = function(event)
      M.attach(event.buf, opts)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr, opts)
    end
  end
end

return M
