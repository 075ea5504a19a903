-- Returns an effect whose name is misspelt: the engine refuses it (a bad result), it is never listed as applied.
function penalty(s) return {{deduct_tme = {to = "claimant", amount = 60000}}} end
