" .koma files are koma variant definitions. An ftdetect file is read by every Neovim (0.7 reads
" vim.filetype.add only with g:do_filetype_lua set, and otherwise calls .koma files `conf`).
autocmd BufNewFile,BufRead *.koma setfiletype koma
