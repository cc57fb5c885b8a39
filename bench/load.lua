-- wrk script for `make load`: POSTs one body to one path (from the
-- environment) and prints one summary line that bench/load.sh reads.
--   LOAD_PATH  the path, e.g. /api/check
--   LOAD_BODY  the body text, or LOAD_FILE: a file whose bytes are sent
--   LOAD_TYPE  the Content-Type
--   LOAD_METHOD  GET sends no body (default POST)
wrk.method = os.getenv("LOAD_METHOD") or "POST"
wrk.path = os.getenv("LOAD_PATH")
wrk.headers["Content-Type"] = os.getenv("LOAD_TYPE") or "text/plain"
local file = os.getenv("LOAD_FILE")
if wrk.method == "GET" then
  wrk.headers["Content-Type"] = nil
elseif file then
  local f = assert(io.open(file, "rb"))
  wrk.body = f:read("*a")
  f:close()
else
  wrk.body = os.getenv("LOAD_BODY")
end

-- Status counts per thread, gathered in done().
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  statuses = {}
end
-- Counting statuses costs wrk time per response, so only when asked.
if os.getenv("LOAD_COUNT") then
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    for code, n in pairs(s) do counts[code] = (counts[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(counts) do table.insert(parts, code .. "=" .. n) end
  table.sort(parts)
  local e = summary.errors
  io.write(string.format(
    "LOAD requests=%d seconds=%.2f rps=%.0f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f socket_errors=%d non2xx=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.connect + e.read + e.write + e.timeout, e.status, table.concat(parts, ",")))
end
