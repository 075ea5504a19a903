// Lua hooks: the host of a hooked rule, the snapshot a hook reads, and the one place a hook's result becomes
// effects, checked against the registry as strictly as the YAML effects the loader reads.
#include "procedure/run_state.h"

#include "core/record/bounded_read.h"
#include "rulebook/suggest.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace arbiter::procedure {

LuaHost& Runner::State::host(const rulebook::Rule& r) {
    auto& caches = *runner.caches_;
    auto& hosts = caches.hosts;
    if (!hosts.empty() && hosts.front().first == r.hooks_file) return *hosts.front().second;
    for (auto it = hosts.begin(); it != hosts.end(); ++it) {
        if (it->first != r.hooks_file) continue;
        hosts.splice(hosts.begin(), hosts, it);  // now the most recent
        return *hosts.front().second;
    }
    // The loader read it already (a regular file under 1 MiB); read again the same way for the host.
    const std::string text = core::record::read_regular_file(r.hooks_file, std::size_t{1} << 20, "a Lua file beside the rulebook");
    auto h = std::make_unique<LuaHost>(r.from.rulebook, r.hooks_file, text);
    if (hosts.size() >= Caches::MaxLiveHosts) hosts.pop_back();  // the least recent state is freed
    hosts.emplace_front(r.hooks_file, std::move(h));
    return *hosts.front().second;
}

// What a hook reads (docs/RULEBOOKS.md, Lua hooks): the clocks by side and by role, the rule's parameters, the
// offence counter and the position. One JSON tree per Runner, updated in place (Caches::HookSnapshot): the
// parameters are rebuilt only for another rule or run, the position only when the board changed.
const json& Runner::State::snapshot(const rulebook::Rule& r, const Context& ctx) {
    auto& kept = runner.caches_->snapshot;
    json& s = kept.tree;
    const auto left = clocks();
    auto reading = [&](int side) -> std::int64_t { return side == 0 || side == 1 ? left[std::size_t(side)].count() : 0; };
    // The clock's entries are found once: the tree keeps its shape from call to call (std::map nodes stay put).
    const bool roles = ctx.actor >= 0;
    if (!kept.clock[0] || kept.sides != &def->side_names || kept.roles != roles) {
        json& clock = s["clock"] = json::object();
        kept.clock[0] = &clock[side_name(0)];
        kept.clock[1] = &clock[side_name(1)];
        int i = 2;
        if (roles)
            for (const char* role : {"claimant", "offender", "opponent"}) kept.clock[i++] = &clock[role];
        kept.sides = &def->side_names;
        kept.roles = roles;
    }
    *kept.clock[0] = reading(0);
    *kept.clock[1] = reading(1);
    if (roles) {
        *kept.clock[2] = reading(role_side("claimant", ctx));
        *kept.clock[3] = reading(ctx.actor);
        *kept.clock[4] = reading(role_side("opponent", ctx));
    }
    // The parameters as the rulebook gives them stay from run to run; an event that sets one of this rule's
    // parameters (`set:`) has them rebuilt for its run.
    bool event_sets = false;
    for (const auto& set : timeline.event.set) event_sets = event_sets || set.topic == r.topic;
    if (kept.params_of != &r || ((event_sets || kept.params_run != 0) && kept.params_run != serial)) {
        json& params = s["params"] = json::object();
        for (const auto& p : r.params) params[p.name] = param_value(r, p.name);
        kept.params_of = &r;
        kept.params_run = event_sets ? serial : 0;
    }
    // The entry's instant, each player's arrival and main time left (ms), by side and by role: a formula on the
    // lateness (three times it, JSA) or on the main time needs them for either player, not only the one to move.
    s["at"] = now.count();
    auto by_side_and_role = [&](json& out, auto value) {
        out[side_name(0)] = value(0);
        out[side_name(1)] = value(1);
        if (roles) {
            out["claimant"] = value(role_side("claimant", ctx));
            out["offender"] = value(ctx.actor);
            out["opponent"] = value(role_side("opponent", ctx));
        }
    };
    by_side_and_role(s["arrival"] = json::object(), [&](int side) -> std::int64_t {
        return arrival_of(side);
    });
    if (clk)
        by_side_and_role(s["main_time"] = json::object(), [&](int side) -> std::int64_t {
            return side == 0 || side == 1 ? clk->reading(side, now).main.count() : 0;
        });
    else
        s.erase("main_time");
    int count = 0;
    if (ctx.actor == 0 || ctx.actor == 1)
        if (const auto it = offences.find(ctx.topic); it != offences.end()) count = it->second[std::size_t(ctx.actor)];
    if (!kept.offences) kept.offences = &s["counters"]["offences"];
    *kept.offences = count;
    if (!game) {
        s.erase("position");
        kept.position[0] = nullptr;
    } else if (kept.position_run != serial || kept.position_version != board_version || !kept.position[0]) {
        if (!kept.position[0]) {
            json& position = s["position"];
            kept.position[0] = &(position["fen"] = std::string());
            kept.position[1] = &(position["side_to_move"] = std::string());
            kept.position[2] = &position["ply"];
            kept.position[3] = &position["move_number"];
        }
        // Assigned into the strings in place: no allocation once they have grown to a position's length.
        kept.position[0]->get_ref<std::string&>() = position_text();
        kept.position[1]->get_ref<std::string&>() = side_name(to_move());
        *kept.position[2] = game->ply();
        *kept.position[3] = game->ply() / 2 + 1;  // the move the side to move is on (1 at the start)
        kept.position_run = serial;
        kept.position_version = board_version;
    }
    return s;
}

namespace {

// A hook's effect, held to the registry: a known effect, known fields, roles that are roles, amounts that are
// durations. Returns the problem, or "" when the effect is one the engine can apply as written.
std::string check_hook_effect(const rulebook::Registry& registry, const json& e) {
    if (!e.is_object() || e.size() != 1) return "expected each effect as a one-key table";
    const std::string& name = e.begin().key();
    const auto* spec = registry.effect(name);
    if (!spec || name == "hook")
        return "found the effect '" + name + "'; expected an effect of " + registry.file() +
               rulebook::did_you_mean(name, registry.effect_names());
    const json& fields = e.begin().value();
    if (fields.is_null() || (fields.is_object() && fields.empty())) return {};
    if (!fields.is_object()) return "effect '" + name + "': expected a table of fields";
    for (const auto& [field, value] : fields.items()) {
        const std::string* type = spec->field_type(field);
        if (!type) {
            std::vector<std::string> names;
            for (const auto& f : spec->fields) names.push_back(f.first);
            return "effect '" + name + "': found the unknown field '" + field + "'" + rulebook::did_you_mean(field, names);
        }
        if (*type == "role" && (!value.is_string() || !registry.role(value.get<std::string>())))
            return "effect '" + name + "': field '" + field + "' must name a role of " + registry.file();
        if (*type == "duration") {
            const auto ms = Runner::State::as_ms(value);
            if (!ms || *ms < 0 || *ms > clock::max_duration.count())
                return "effect '" + name + "': field '" + field + "' must be a duration from 0 to " +
                       clock::format_duration(clock::max_duration) + " (milliseconds or text such as 2min)";
        }
        if (*type == "points" && (!value.is_number() || !std::isfinite(value.get<double>())))
            return "effect '" + name + "': field '" + field + "' must be a finite number";
        if (*type == "boolean" && !value.is_boolean()) return "effect '" + name + "': field '" + field + "' must be true or false";
    }
    return {};
}

// A declared return as {name: {field: value...}}: written as the rule writes an effect (draw, {warn: offender},
// {lose: offender, unless: ...}), its one unnamed field named.
json declared(const rulebook::Registry& registry, const json& item) {
    if (item.is_string()) return json{{item.get<std::string>(), json::object()}};
    std::string name;
    for (const auto& [key, value] : item.items())
        if (name.empty() && registry.effect(key)) name = key;
    const auto* spec = registry.effect(name);
    json fields = json::object();
    for (const auto& [key, value] : item.items()) {
        if (key != name) fields[key] = value;
        else if (value.is_object()) fields.update(value);
        else if (!value.is_null() && spec && !spec->fields.empty()) fields[spec->fields.front().first] = value;
    }
    return json{{name, fields}};
}

// Whether `e` (checked by check_hook_effect) is among the rule's declared returns: the same effect, every declared
// field with the declared value, and each role or choice it names declared (those decide whom and how it acts).
bool is_declared(const rulebook::Registry& registry, const json& e, const json& returns) {
    const std::string& name = e.begin().key();
    const json& fields = e.begin().value();
    const auto* spec = registry.effect(name);
    for (const auto& item : returns) {
        const json d = declared(registry, item);
        if (d.begin().key() != name) continue;
        const json& want = d.begin().value();
        bool fits = true;
        for (const auto& [field, value] : want.items())
            fits = fits && fields.is_object() && fields.contains(field) && fields[field] == value;
        if (fields.is_object())
            for (const auto& [field, value] : fields.items()) {
                const std::string* type = spec ? spec->field_type(field) : nullptr;
                if (type && (*type == "role" || *type == "choice")) fits = fits && want.contains(field);
            }
        if (fits) return true;
    }
    return false;
}

}  // namespace

// A formula: its effects are applied as if the rule listed them.
void Runner::State::apply_hook(const rulebook::Rule& r, const json& f, const Context& ctx, Ruling& ruling, int depth) {
    static const std::string unnamed;
    const std::string& hook = f.is_string()                                    ? f.get_ref<const std::string&>()
                              : f.contains("name") && f["name"].is_string() ? f["name"].get_ref<const std::string&>()
                                                                             : unnamed;
    if (!runner.options_.use_hooks) return;
    json result = host(r).call(hook, snapshot(r, ctx));
    if (result.is_null()) return;
    if (!result.is_array())
        throw HookError(r.from.rulebook, hook, HookErrorKind::bad_result, {r.from.file, r.from.line, 0}, "expected a list of effects");
    const auto& registry = this->registry();
    static const json none = json::array();
    const json& returns = f.is_object() && f.contains("returns") ? f["returns"] : none;
    for (const auto& e : result) {
        if (auto problem = check_hook_effect(registry, e); !problem.empty())
            throw HookError(r.from.rulebook, hook, HookErrorKind::bad_result, {r.from.file, r.from.line, 0}, problem);
        if (!is_declared(registry, e, returns))
            throw HookError(r.from.rulebook, hook, HookErrorKind::bad_result, {r.from.file, r.from.line, 0},
                            "returned " + e.dump() + ", which the rule's returns do not declare; expected one of " +
                                returns.dump() + " (the roles and choices as declared)");
    }
    if (depth < 4)
        for (const auto& e : result) apply(r, e, ctx, ruling, depth + 1);
}

// Each side's arrival: the instant of its first arrive entry (arrivals are facts of the session, known whenever they
// come), 0 for a player present from the start.
std::int64_t Runner::State::arrival_of(int side) {
    if (!arrivals) {
        arrivals = std::array<std::int64_t, 2>{0, 0};
        std::array<bool, 2> seen{false, false};
        for (const auto& e : timeline.entries) {
            if (e.action != "arrive") continue;
            const YAML::Node who = e.value.IsMap() ? e.value["by"] : e.value;
            const int s = who.IsScalar() ? side_of(who.Scalar()) : -1;
            if (s < 0 || s > 1 || seen[std::size_t(s)]) continue;
            seen[std::size_t(s)] = true;
            (*arrivals)[std::size_t(s)] = e.at.count();
        }
    }
    return side == 0 || side == 1 ? (*arrivals)[std::size_t(side)] : 0;
}

// Where the absent player's clock does not run (clock.late_arrival absent_clock_runs: false), a press that passes
// the turn to a player who has not arrived yet stops the clocks until he does, whichever side he plays: the rule's
// own charge for the lateness (the JSA's three times it) is then the whole of it. clock_start covers the first turn.
void Runner::State::hold_for_absent(int side) {
    if (!clk || ended || param_of(Trigger::entry_arrive, params::absent_clock_runs.name) != false) return;
    if (arrival_of(side) <= now.count() || clk->running() != side) return;
    on_clock(clk->stop(now), "stop");
    held_for_absent = true;
}

}  // namespace arbiter::procedure
