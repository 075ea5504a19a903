-- Returns an amount no clock can hold (math.maxinteger milliseconds): refused, never wrapped.
function penalty(s) return {{add_time = {to = "opponent", amount = math.maxinteger}}} end
