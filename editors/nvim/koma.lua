-- koma for Neovim: put this file in ~/.config/nvim/plugin/ (or source it from init.lua).
-- It recognises .koma files and starts `koma lsp` for them (Neovim 0.7 and later).
vim.filetype.add({ extension = { koma = "koma" } })

local function root(file)
  local git = vim.fn.finddir(".git", vim.fn.fnamemodify(file, ":p:h") .. ";")
  return git ~= "" and vim.fn.fnamemodify(git, ":p:h:h") or vim.fn.fnamemodify(file, ":p:h")
end

vim.api.nvim_create_autocmd("FileType", {
  pattern = "koma",
  callback = function(args)
    local config = { name = "koma", cmd = { "koma", "lsp" }, root_dir = root(args.file) }
    if vim.lsp.start then
      vim.lsp.start(config) -- Neovim 0.8+
    else
      local id = vim.lsp.start_client(config) -- Neovim 0.7
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end
    vim.bo[args.buf].commentstring = "# %s"
  end,
})
