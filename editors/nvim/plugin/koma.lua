-- koma for Neovim: starts `koma lsp` for files of the `koma` filetype (Neovim 0.7 and later);
-- ../ftdetect/koma.vim gives .koma files that filetype. Install the folder editors/nvim as a
-- package (docs/editors.md).

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
