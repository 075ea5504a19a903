function rep(s) return string.rep('', math.maxinteger) end
function move(s) return table.move({}, 1, 2^62, 2) end
function handler(s) return xpcall(function() while true do end end, function(m) while true do end end) end
function shared(s) local t = {} for i = 1, 30 do t = {t, t} end return t end
function big(s) local b = string.rep('x', 1 << 16) local t = {} for i = 1, 100 do t[i] = b end return t end
function globals(s) local out = {} for k, v in pairs(_G) do out[#out + 1] = k end return out end
function min(s) return {{deduct_time = {to = "claimant", amount = math.mininteger}}} end
function echo(s) return {s, s, s.clock, tostring(s)} end
