-- Neovim 0.11+: found on 'runtimepath' by vim.lsp.enable('cite_sentinel').
return require('cite_sentinel').native()
