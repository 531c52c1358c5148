-- Drives a headless Neovim that has loaded a snippet of docs/editors.md (see try.sh) and writes
-- what the editor itself shows to $TRIAL_OUT as JSON, for check.mjs to compare with
-- `cli.js check`. Works from Neovim 0.7 on: only APIs of the running version are called, and a
-- missing one is recorded as such rather than worked around.
local out_path = assert(os.getenv('TRIAL_OUT'), 'TRIAL_OUT')
local navdata = assert(os.getenv('TRIAL_NAVDATA'), 'TRIAL_NAVDATA')
local second_file = os.getenv('TRIAL_SECOND_FILE')
local settings_snippet = os.getenv('TRIAL_SETTINGS_SNIPPET')
local result = { editor = 'neovim', version = tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch), notes = {} }

local function note(text)
  table.insert(result.notes, text)
end

local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

local function our_client()
  for _, client in ipairs(get_clients()) do
    if client.name == 'icao_route' or client.name == 'icao-route' then
      return client
    end
  end
end

local function finish()
  local file = assert(io.open(out_path, 'w'))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qall!')
end

-- Diagnostics as Neovim stores them: 0-based line, byte column (UTF-8) of the buffer's text.
local function diagnostics_of(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, {
      line = d.lnum,
      col = d.col,
      endLine = d.end_lnum,
      endCol = d.end_col,
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
      message = d.message,
      severity = d.severity,
    })
  end
  return list
end

local function has_code_prefix(buf, prefix)
  for _, d in ipairs(diagnostics_of(buf)) do
    if type(d.code) == 'string' and d.code:sub(1, #prefix) == prefix then
      return true
    end
  end
  return false
end

local function request(buf, method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 5000)
  if not responses then
    return nil
  end
  for _, response in pairs(responses) do
    if response.result ~= nil then
      return response.result
    end
  end
end

local function hover_text(buf, line, character)
  local hover = request(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = character },
  })
  if not hover then
    return vim.NIL
  end
  return type(hover.contents) == 'table' and (hover.contents.value or vim.inspect(hover.contents)) or hover.contents
end

-- The quick fixes as the user gets them: vim.lsp.buf.code_action() at the cursor, with the menu
-- (vim.ui.select) answered by the item whose title contains `pick`; the buffer's line after it.
local function quick_fix(buf, line, col, pick)
  local titles, chosen = {}, false
  local original_select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    local choice
    for _, item in ipairs(items) do
      local action = item.action or item[2] or item
      local title = action.title or (opts.format_item and opts.format_item(item)) or '?'
      table.insert(titles, title)
      if not choice and title:find(pick, 1, true) then
        choice = item
      end
    end
    chosen = true
    on_choice(choice, choice and 1 or nil)
  end
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
  vim.lsp.buf.code_action()
  vim.wait(5000, function()
    return chosen
  end, 50)
  vim.wait(300)
  vim.ui.select = original_select
  return {
    titles = titles,
    lineAfter = vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1],
    linesAround = vim.api.nvim_buf_get_lines(buf, math.max(line - 3, 0), line + 2, false),
  }
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  if not vim.wait(15000, function()
    local client = our_client()
    return client ~= nil and client.initialized ~= false and #diagnostics_of(buf) > 0
  end, 100) then
    note('no diagnostics within 15 s (filetype ' .. tostring(vim.bo[buf].filetype) .. ', clients ' .. #get_clients() .. ')')
    return finish()
  end
  local client = our_client()
  result.clientName = client.name
  vim.wait(1500) -- the local diagnostics are published once; let nothing else arrive
  result.localDiagnostics = diagnostics_of(buf)
  local info = request(buf, 'icaoRoute/serverInfo', nil)
  result.debounceMs = info and info.settings and info.settings.debounceMs or vim.NIL
  local flags = client.flags or (client.config and client.config.flags) or {}
  result.debounceTextChanges = flags.debounce_text_changes or vim.NIL
  if os.getenv('TRIAL_SETTINGS_ONLY') == '1' then
    return finish()
  end

  -- The notification alone, the client's stored settings unchanged: a server that can ask the
  -- editor (workspace/configuration) takes the editor's answer, not the payload.
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  result.answersConfiguration = capabilities.workspace ~= nil and capabilities.workspace.configuration == true
  local payload = { settings = { icaoRoute = { diagnostics = { debounceMs = 100 }, navdata = { folder = navdata } } } }
  if vim.fn.has('nvim-0.11') == 1 then
    client:notify('workspace/didChangeConfiguration', payload)
  else
    client.notify('workspace/didChangeConfiguration', payload)
  end
  result.notifyAloneExpands = vim.wait(5000, function()
    return has_code_prefix(buf, 'X')
  end, 100)
  if result.notifyAloneExpands then
    -- back to local checks, so that the snippet below is what turns expansion on
    local empty = { settings = { icaoRoute = { diagnostics = { debounceMs = 100 }, navdata = { folder = '' } } } }
    if vim.fn.has('nvim-0.11') == 1 then
      client:notify('workspace/didChangeConfiguration', empty)
    else
      client.notify('workspace/didChangeConfiguration', empty)
    end
    vim.wait(5000, function()
      return not has_code_prefix(buf, 'X')
    end, 100)
  end

  -- Offline expansion: the doc's way of changing a setting while the server runs.
  vim.g.trial_navdata = navdata
  if settings_snippet and settings_snippet ~= '' then
    local ok, err = pcall(dofile, settings_snippet)
    if not ok then
      note('settings snippet failed: ' .. tostring(err))
    end
  end
  if not vim.wait(20000, function()
    return has_code_prefix(buf, 'X')
  end, 100) then
    note('no X… findings within 20 s of the settings change')
  end
  vim.wait(1000)
  result.diagnostics = diagnostics_of(buf)
  result.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  result.hovers = {
    ['31:11'] = hover_text(buf, 31, 11), -- DVR in `N0450F350 DVR UL9 KONAM`
    ['31:15'] = hover_text(buf, 31, 15), -- UL9, which does not pass KONAM (X002)
    ['31:19'] = hover_text(buf, 31, 19), -- KONAM
  }
  local symbols = request(buf, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(buf) } })
  result.symbols = {}
  for _, symbol in ipairs(symbols or {}) do
    table.insert(result.symbols, symbol.name)
  end
  local tokens = request(buf, 'textDocument/semanticTokens/full', { textDocument = { uri = vim.uri_from_bufnr(buf) } })
  result.semanticTokenInts = tokens and #tokens.data or vim.NIL
  -- Whether Neovim itself colours with them (0.9+): the token under DVR on line 32.
  if vim.lsp.semantic_tokens and vim.lsp.semantic_tokens.get_at_pos then
    local at = vim.lsp.semantic_tokens.get_at_pos(buf, 31, 11) or {}
    result.semanticTokenAtDVR = at[1] and at[1].type or vim.NIL
  else
    note('this Neovim does not colour with semantic tokens (vim.lsp.semantic_tokens.get_at_pos missing)')
  end
  local completion = request(buf, 'textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 31, character = 14 }, -- after `DVR `: the airways through DVR
  })
  local items = completion and (completion.items or completion) or {}
  result.completionLabels = {}
  for index, item in ipairs(items) do
    if index <= 50 then
      table.insert(result.completionLabels, item.label)
    end
  end

  result.quickFixes = {
    ['3:14'] = quick_fix(buf, 3, 14, 'DCT'), -- R206: insert DCT between DVR and KONAN
  }

  -- What `K` and <C-x><C-o> do in this buffer (Neovim maps K to the LSP hover only from 0.10).
  local k = vim.fn.maparg('K', 'n', false, true)
  result.keyK = (k and k.desc) or (k and k.rhs) or (k and k.callback and 'a Lua function') or 'not mapped (keywordprg)'
  result.omnifunc = vim.bo[buf].omnifunc
  -- Inlay hints (0.10+): the setting on, then vim.lsp.inlay_hint.enable(true), as the doc says.
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.get then
    local settings = client.settings or client.config.settings
    settings.icaoRoute.inlayHints = { legDistances = true }
    if vim.fn.has('nvim-0.11') == 1 then
      client:notify('workspace/didChangeConfiguration', { settings = settings })
    else
      client.notify('workspace/didChangeConfiguration', { settings = settings })
    end
    vim.wait(1000)
    vim.lsp.inlay_hint.enable(true)
    vim.wait(5000, function()
      return #vim.lsp.inlay_hint.get({ bufnr = buf }) > 0
    end, 100)
    local hints = vim.lsp.inlay_hint.get({ bufnr = buf })
    result.inlayHints = #hints
    result.firstInlayHint = hints[1] and hints[1].inlay_hint and vim.inspect(hints[1].inlay_hint.label) or vim.NIL
  end
  -- Completion as you type (the 0.11 snippet's LspAttach autocommand): Neovim then watches the
  -- typed characters (InsertCharPre) for the server's trigger characters.
  if vim.lsp.completion then
    result.completionAutotrigger = #vim.api.nvim_get_autocmds({ event = 'InsertCharPre', buffer = buf }) > 0
  end
  -- Folding with the server's folding ranges (0.11+: vim.lsp.foldexpr), as the doc says.
  if vim.lsp.foldexpr then
    vim.cmd('set foldmethod=expr foldexpr=v:lua.vim.lsp.foldexpr()')
    vim.wait(3000, function()
      return vim.fn.foldlevel(4) > 0
    end, 100)
    result.foldLevelOfLine4 = vim.fn.foldlevel(4) -- the route of the first block
  end
  -- :checkhealth vim.lsp: does it name the client and the log file?
  local ok_health = pcall(vim.cmd, 'checkhealth vim.lsp')
  if ok_health then
    local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
    result.checkhealthNamesClient = text:find('icao_route', 1, true) ~= nil
    result.checkhealthNamesLog = text:find('lsp.log', 1, true) ~= nil
    vim.cmd('bwipeout!')
  else
    result.checkhealthNamesClient = false
    note(':checkhealth vim.lsp failed')
  end
  vim.api.nvim_set_current_buf(buf)

  -- What the doc says of the editor's own commands and functions.
  result.commands = {
    LspInfo = vim.fn.exists(':LspInfo') == 2,
    LspLog = vim.fn.exists(':LspLog') == 2,
    checkhealth = vim.fn.exists(':checkhealth') == 2,
  }
  result.functions = {
    ['vim.lsp.start'] = vim.lsp.start ~= nil,
    ['vim.lsp.config'] = vim.lsp.config ~= nil,
    ['vim.lsp.enable'] = vim.lsp.enable ~= nil,
    ['vim.lsp.get_clients'] = vim.lsp.get_clients ~= nil,
    ['vim.lsp.foldexpr'] = vim.lsp.foldexpr ~= nil,
    ['vim.lsp.completion.enable'] = vim.lsp.completion ~= nil and vim.lsp.completion.enable ~= nil,
    ['vim.lsp.inlay_hint.enable'] = vim.lsp.inlay_hint ~= nil and vim.lsp.inlay_hint.enable ~= nil,
    ['vim.lsp.get_log_path'] = vim.lsp.get_log_path ~= nil,
    ['vim.fs.find'] = vim.fs ~= nil and vim.fs.find ~= nil,
  }

  -- A second file in another folder of the same project: the same server, or a second one?
  if second_file and second_file ~= '' then
    vim.cmd('edit ' .. vim.fn.fnameescape(second_file))
    local second = vim.api.nvim_get_current_buf()
    vim.wait(10000, function()
      return #diagnostics_of(second) > 0
    end, 100)
    vim.wait(500)
    vim.wait(10000, function()
      return has_code_prefix(second, 'X')
    end, 100)
    vim.wait(500)
    result.secondDiagnostics = diagnostics_of(second)
    result.secondLines = vim.api.nvim_buf_get_lines(second, 0, -1, false)
    -- X005, the ambiguous first fix SAM: its fixes come from the finding's data.
    result.quickFixes['second:11:10'] = quick_fix(second, 11, 10, 'SOUTHAMPTON')
    local count = 0
    for _, c in ipairs(get_clients()) do
      if c.name == client.name then
        count = count + 1
      end
    end
    result.serverCount = count
  end
  finish()
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.defer_fn(function()
      local ok, err = pcall(run)
      if not ok then
        note('trial failed: ' .. tostring(err))
        finish()
      end
    end, 0)
  end,
})
