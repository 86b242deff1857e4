-- Drives gamelang's language server from Neovim's own LSP client (0.7, as
-- Debian 12 ships it), headless: nvim --headless -u NONE -l is not in 0.7,
-- so the test runs nvim --headless -u NONE -c "luafile neovim.lua".
-- LSP_CMD is the server's command, LSP_FILE the file to edit, LSP_OUT where
-- the answers go, as JSON.
local out = {}
local function note(k, v) out[k] = v end

vim.cmd("edit " .. os.getenv("LSP_FILE"))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ name = "gamelang", cmd = { os.getenv("LSP_CMD") }, root_dir = vim.fn.getcwd() })
vim.lsp.buf_attach_client(buf, id)
local uri = vim.uri_from_bufnr(buf)

local function request(method, params)
  local r = vim.lsp.buf_request_sync(buf, method, params, 10000)
  if not r or not r[id] then return { err = "no answer" } end
  return r[id]
end
local function at(line, char)
  return { textDocument = { uri = uri }, position = { line = line, character = char } }
end

-- 1. the file as it is: two syntax errors
vim.wait(10000, function() return #vim.diagnostic.get(buf) >= 2 end, 50)
local diags = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(diags, string.format("%d:%d %s", d.lnum, d.col, d.message))
end
table.sort(diags)
note("diagnostics", diags)
note("hover", request("textDocument/hover", at(4, 14)).result)
note("definition", request("textDocument/definition", at(4, 14)).result)
note("symbols", request("textDocument/documentSymbol", { textDocument = { uri = uri } }).result)
local items = request("textDocument/completion", at(4, 15)).result or {}
local labels = {}
for _, it in ipairs(items) do table.insert(labels, it.label) end
note("completion", labels)

-- 2. the errors fixed: references and a rename, applied by the client
vim.api.nvim_buf_set_lines(buf, 2, 4, false, { "grundy(Kayles(n))", "game Moves { take 1..n }" })
vim.wait(10000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
note("fixed", #vim.diagnostic.get(buf))
local refs = request("textDocument/references", vim.tbl_extend("force", at(1, 4), { context = { includeDeclaration = true } })).result or {}
local spots = {}
for _, r in ipairs(refs) do table.insert(spots, string.format("%d:%d", r.range.start.line, r.range.start.character)) end
table.sort(spots)
note("references", spots)
local edit = request("textDocument/rename", vim.tbl_extend("force", at(1, 4), { newName = "size" }))
if edit.result then vim.lsp.util.apply_workspace_edit(edit.result, "utf-16") end
note("renamed", vim.api.nvim_buf_get_lines(buf, 0, -1, false))

local f = io.open(os.getenv("LSP_OUT"), "w")
f:write(vim.fn.json_encode(out))
f:close()
vim.lsp.stop_client(id)
vim.cmd("qa!")
