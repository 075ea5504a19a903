-- Fixture for tests/rulebook: the hook named by grandchild-c.yaml.
function quickplay_bonus(s)
  return {{add_time = {to = "opponent", amount = 120000}}}
end
