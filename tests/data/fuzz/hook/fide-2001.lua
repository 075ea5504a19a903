-- Formulas of the FIDE Laws of Chess, 2001 edition (rulesets/chess/fide-2001.yaml, `hooks: fide-2001.lua`).
-- Pure functions over a read-only snapshot; they return effect tables in the rulebook vocabulary.

-- Article 9.5b, incorrect draw claim under 9.2 or 9.3: the sliding deduction from the claimant.
-- (The 3 minutes added to the opponent are a plain effect of the rule, not part of this formula.)
-- t = the claimant's remaining time in ms when the claim is made (clocks stopped under 9.5).
--   t > 2 min          : deduct half of t, but never more than 3 min (claimant_deduction_max)
--   1 min <= t <= 2 min : set the claimant's clock to 1 min
--   t < 1 min          : no change
-- Boundaries. The seed's first translation (lines 1-275) says "more than 2 min" / "1 min or more and less than
-- 2 min" / "less than 1 min"; the second (lines 663-990) says "2 min or more" for the halving. Exactly 2:00 thus
-- falls in a gap in the first and in the halving band in the second; both readings leave the claimant 1:00, so this
-- function sends it to the "set to 1 min" band. Exactly 1:00 is inclusive in both texts ("1 分以上") and is left at
-- 1:00 either way. Odd milliseconds: half is rounded down (the claimant keeps the extra millisecond).
local min = math.min

-- The cap is the rule's parameter claimant_deduction_max (a duration, so milliseconds), 3 min when a rulebook that
-- extends this one drops it.
function claimant_deduction(s)
  local t = s.clock.claimant
  if t > 120000 then
    local cap = s.params.claimant_deduction_max or 180000
    return {{deduct_time = {to = "claimant", amount = min(t // 2, cap)}}}
  elseif t >= 60000 then
    return {{set_time = {to = "claimant", amount = 60000}}}
  end
  return {}
end
