-- jsa-pro-2019: the formulas of the Japan Shogi Association's professional playing rules.
-- Late arrival (遅刻): three times the lateness comes off the latecomer's main time; a deduction that exceeds the
-- main time left (上回った) is a loss by default, one that equals it leaves the byoyomi. The lateness is read from
-- the snapshot's arrival instants, so the same formula serves a late sente and a late gote.
function late_arrival_deduction(s)
  local deduction = 3 * s.arrival.offender
  if deduction > s.main_time.offender then
    return {{lose = {who = "offender"}}}
  end
  return {{deduct_time = {to = "offender", amount = deduction}}}
end
