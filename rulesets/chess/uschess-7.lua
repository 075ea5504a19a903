-- Formulas of the US Chess Official Rules of Chess, 7th edition (rulesets/chess/uschess-7.yaml, `hooks: uschess-7.lua`).
-- Pure functions over a read-only snapshot; they return effect tables in the rulebook vocabulary.

-- 14H2a, a delay clock put on the game after an unclear claim of insufficient losing chances: the claimant's time is
-- cut to half of what he has left, rounded to the nearest second (a half second rounds up); the opponent keeps all of
-- his. (The name is fide-2001's for its claimant's deduction, the same kind of formula, so reports name it alike.)
-- t = the claimant's clock in ms when the director decides. Example: 1:24 left -> 0:42; 0:43.6 -> 21.8 s -> 0:22.
function claimant_deduction(s)
  local t = s.clock.claimant
  if t <= 0 then return {} end
  -- round(t / 2 / 1000) in whole numbers: floor((t / 2 + 500) / 1000) = (t + 1000) // 2000
  local seconds = (t + 1000) // 2000
  return {{set_time = {to = "claimant", amount = seconds * 1000}}}
end
