-- wrk script of bench/http.mjs. Without arguments it leaves wrk's own request loop alone (wrk builds
-- every request in Lua when the script defines a global `request`, which is slower); with
-- `-- FILE` after the URL each request asks the next path of FILE (one a line), wrapping at the end.
-- done() prints one line `WRK_JSON {...}`: totals and exact latency percentiles in microseconds.
local paths = {}
local n = 0
local i = 0

local function cycling()
  i = i + 1
  if i > n then i = 1 end
  return wrk.format(nil, paths[i])
end

function init(args)
  local file = args[1]
  if file and file ~= "" then
    for line in io.lines(file) do
      n = n + 1
      paths[n] = line
    end
    -- wrk checks for a global `request` after init: defined only now, and only with paths.
    request = cycling
  end
end

function done(summary, latency, requests)
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"status_errors":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
