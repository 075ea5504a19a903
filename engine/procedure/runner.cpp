// The timeline runner: replays a timeline's entries through the core (moves, positions, claims checked) and
// the clock, raises the topic each entry means, and applies what the rulebook says follows: cases (first
// match), ladders (per offender per topic), effects, discretion (pending unless the timeline gives the
// arbiter's decision) and Lua hooks (formulas over a read-only snapshot).
#include "procedure/procedure.h"

#include "clock/clock.h"
#include "core/game_files.h"
#include "procedure/board.h"
#include "procedure/lua_host.h"
#include "rulebook/loader.h"
#include "rulebook/schema.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace arbiter::procedure {

using nlohmann::json;
using rulebook::location_of;

// ---------------------------------------------------------------------------------------------------------
// Category selection

std::string select_category(const rulebook::Rulebook& book, const rulebook::Event& event,
                            const std::optional<clock::TimeControl>& control) {
    if (!event.category.empty()) return event.category;
    if (!control || book.categories.empty()) return {};
    const auto time = clock::time_for_moves(*control, book.category_basis_moves.value_or(0));
    if (!time) return {};
    for (const auto& [name, cat] : book.categories) {
        const auto& w = cat.when;
        if (!w.over && !w.at_least && !w.under && !w.at_most) continue;
        if (w.over && !(*time > *w.over)) continue;
        if (w.at_least && !(*time >= *w.at_least)) continue;
        if (w.under && !(*time < *w.under)) continue;
        if (w.at_most && !(*time <= *w.at_most)) continue;
        return name;
    }
    return {};
}

// ---------------------------------------------------------------------------------------------------------
// Caches shared across runs

struct Runner::Caches {
    std::map<std::string, core::GameDefinitionPtr> games;
    std::map<std::string, std::unique_ptr<LuaHost>> hosts;  // by Lua file path
    std::map<const rulebook::Rule*, LuaHost*> host_of;        // a hooked rule's host, found once
    std::map<const rulebook::Effect*, json> effects;         // YAML effect -> JSON {name: fields}
    std::map<const rulebook::Case*, std::vector<std::pair<std::string, json>>> conditions;  // a case's `when`
    // What hooks read (State::snapshot), kept between calls and runs and updated in place, so that a call
    // allocates nothing for it once the tree has its shape.
    struct HookSnapshot {
        json tree = json::object();
        const rulebook::Rule* params_of = nullptr;  // whose parameters `params` shows,
        std::uint64_t params_run = 0;               // in which run (the event may set them)
        std::uint64_t position_run = 0, position_version = 0;  // the board state `position` shows
        json* clock[5] = {};                                    // its clock entries: sides, then roles
        json* offences = nullptr;                               // its offence counter
        json* position[3] = {};                                 // its position entries: fen, side to move, ply
        const void* sides = nullptr;                            // whose side names they are
        bool roles = false;                                     // whether the roles are there
    } snapshot;
    std::uint64_t runs = 0;
    AnalysisMemo analysis;                                   // dead-position and mating-material answers
};

Runner::Runner(const rulebook::Library& library, RunOptions options)
    : library_(library), options_(std::move(options)), caches_(std::make_unique<Caches>()) {}
Runner::~Runner() = default;

namespace {

// What an entry raises: the side it is about (offender, claimant, declarer...), the named roles, and the facts
// the conditions read.
struct Context {
    std::string topic;
    int actor = -1;               // offender / claimant / declarer / absent / mover
    std::map<std::string, int, std::less<>> roles;  // explicit roles (claimant of a flag claim, not the actor)
    json facts = json::object();
    int counted_offences = 0;
    int restore_ply = -1;  // where restore_position goes back to on the board (an illegal act it holds), -1: nowhere
};

}  // namespace

struct Runner::State {
    Runner& runner;
    const Timeline& timeline;
    const rulebook::Rulebook& book;
    const rulebook::Category* category = nullptr;
    const rulebook::Mode* mode = nullptr;
    core::GameDefinitionPtr def;
    std::unique_ptr<Board> game;
    std::uint64_t board_version = 0;  // counts the changes of the board (moves, restarts)
    mutable std::uint64_t position_version = ~std::uint64_t{0};
    mutable std::string position_cache;
    std::optional<clock::Clock> clk;
    Run out;
    std::map<std::string, std::array<int, 2>> offences;
    struct IllegalMove {
        int offender;
        Ms at;
        bool on_board = false;  // the board holds it (shogi): it stands unless pointed out
        bool stood = false;     // the game ended with it unnoticed (ruled once)
        int ply_before = -1;    // the board's ply before it (for restore_position)
        std::vector<std::string> discs{};  // the discs a point-out must name (unturned, overturned, displaced)
    };
    int sennichites = 0;        // sennichite rulings so far (the first is replayed, the second decided)
    bool colours_swapped = false;
    std::optional<IllegalMove> illegal;
    std::array<bool, 2> touched{false, false};
    std::map<std::string, int> assigned;  // rights given by `assign` entries (draw_win_right -> side)
    bool card_written = false;            // the result card ruling after the end (<game>.result_card)
    std::optional<std::array<int, 2>> counted;  // the final count, when the game ended by counting
    int offer_by = -1;
    struct Open {
        Pending pending;
        const rulebook::Rule* rule;
        Context ctx;
    };
    std::vector<Open> open;
    const Entry* entry = nullptr;
    Ms now{0};
    bool ended = false;

    State(Runner& r, const Timeline& t, const rulebook::Rulebook& b)
        : runner(r), timeline(t), book(b), serial(++r.caches_->runs) {}
    const std::uint64_t serial;  // this run among the Runner's runs (what the kept hook snapshot shows)

    // ---- lookup
    const rulebook::Rule* rule(std::string_view topic) const {
        auto in = [&](const rulebook::RuleMap& map) -> std::optional<const rulebook::Rule*> {
            auto it = map.find(topic);
            if (it == map.end()) return std::nullopt;
            return it->second.removed ? nullptr : &it->second;
        };
        if (mode)
            if (auto r = in(mode->rules)) return *r;
        if (category)
            if (auto r = in(category->rules)) return *r;
        if (auto r = in(book.rules)) return *r;
        return nullptr;
    }

    // Occurrences of a position that allow a repetition claim: the rule's parameter, else the game's (3 in chess).
    int repetition_occurrences() const {
        if (const auto* r = rule("draw.repetition"))
            if (auto n = param_value(*r, "occurrences"); n.is_number()) return int(n.get<std::int64_t>());
        return def->repetition_claim;
    }

    json param_value(const rulebook::Rule& r, const std::string& name) const {
        const rulebook::Param* p = r.param(name);
        if (!p) return nullptr;
        rulebook::Value v = p->value;
        for (const auto& s : timeline.event.set)
            if (s.topic == r.topic && s.param == name)
                v = rulebook::read_value(v.unit, s.value, timeline.event.file, s.topic + "." + s.param);
        switch (v.unit) {
            case rulebook::Unit::duration: return v.ms.count();
            case rulebook::Unit::moves:
            case rulebook::Unit::count: return v.integer;
            case rulebook::Unit::points:
            case rulebook::Unit::fraction: return v.number;
            case rulebook::Unit::boolean: return v.flag;
            default: return v.text;
        }
    }

    // A value in an effect or a condition: literal, or {param: name}.
    json resolve(const rulebook::Rule& r, const json& v) const {
        if (v.is_object() && v.size() == 1 && v.contains("param")) return param_value(r, v["param"].get<std::string>());
        return v;
    }

    static std::optional<std::int64_t> as_ms(const json& v) {
        if (v.is_number_integer()) return v.get<std::int64_t>();
        if (v.is_string()) {
            auto d = clock::parse_duration(v.get<std::string>());
            if (d) return d->count();
        }
        return std::nullopt;
    }

    // ---- sides and clocks
    int side_of(std::string_view name) const {
        for (int i = 0; i < 2; ++i)
            if (def->side_names[i] == name) return i;
        return -1;
    }
    const std::string& side_name(int side) const { return def->side_names[side & 1]; }
    int to_move() const { return game ? game->side_to_move() : 0; }
    // The position's text, written once per board state: every ruling carries it, and so does a hook's snapshot.
    const std::string& position_text() const {
        if (position_version != board_version) {
            position_cache = game ? game->position_text() : std::string();
            position_version = board_version;
        }
        return position_cache;
    }

    Ms shown(int side) const {
        if (!clk) return Ms{0};
        return std::max(Ms{0}, clk->shown(side, now));
    }
    std::array<Ms, 2> clocks() const { return {shown(0), shown(1)}; }

    int role_side(std::string_view role, const Context& ctx) const {
        if (auto it = ctx.roles.find(role); it != ctx.roles.end()) return it->second;
        if (role == "right_holder") {
            const auto it = assigned.find("draw_win_right");
            return it == assigned.end() ? -1 : it->second;
        }
        if (role == "offender" || role == "claimant" || role == "declarer" || role == "absent" || role == "mover")
            return ctx.actor;
        if (role == "opponent" || role == "present") return ctx.actor < 0 ? -1 : 1 - ctx.actor;
        if (role == "to_move") return to_move();
        if (role == "both") return 2;
        return side_of(role);
    }

    // ---- conditions (nullopt: not known)
    std::optional<bool> cannot_checkmate(int side) const {
        if (!game || side < 0 || side > 1) return std::nullopt;
        return game->cannot_checkmate(side);
    }

    std::optional<bool> condition(const rulebook::Rule& r, const std::string& name, const json& raw, const Context& ctx) {
        const json value = resolve(r, raw);
        if (ctx.facts.contains(name)) return ctx.facts[name] == value;
        // A bound on a counted fact: `zone_points_at_least: 27` reads the fact `zone_points`.
        for (const std::string_view suffix : {"_at_least", "_at_most"}) {
            if (!name.ends_with(suffix)) continue;
            const std::string fact = name.substr(0, name.size() - suffix.size());
            if (!ctx.facts.contains(fact) || !ctx.facts[fact].is_number() || !value.is_number()) break;
            const double have = ctx.facts[fact].get<double>(), bound = value.get<double>();
            return suffix == "_at_least" ? have >= bound : have <= bound;
        }
        if (name == "final_period") {
            if (!clk) return std::nullopt;
            const int side = ctx.actor >= 0 ? ctx.actor : to_move();
            return clk->reading(side, now).last_period == value.get<bool>();
        }
        if (name == "arrival_after") {
            auto limit = as_ms(value);
            if (!ctx.facts.contains("arrival_ms") || !limit) return std::nullopt;
            return ctx.facts["arrival_ms"].get<std::int64_t>() > *limit;
        }
        if (name == "moves_completed_at_least") {
            if (!game || !value.is_number()) return std::nullopt;
            return game->ply() / 2 >= value.get<std::int64_t>();
        }
        if (name == "category") return (category ? category->name : std::string()) == value.get<std::string>();
        if (name == "mode") return (mode ? mode->name : std::string()) == value.get<std::string>();
        if (name == "offence_count") {
            if (ctx.actor < 0) return std::nullopt;
            return offences[ctx.topic][ctx.actor] == value.get<std::int64_t>();
        }
        if (name == "opponent_cannot_checkmate" || name == "claimant_cannot_checkmate") {
            const int side = name == "claimant_cannot_checkmate" ? role_side("claimant", ctx) : role_side("opponent", ctx);
            auto c = cannot_checkmate(side);
            if (!c) return std::nullopt;
            return *c == value.get<bool>();
        }
        if (name == "time_left_at_most" || name == "time_left_over") {
            auto limit = as_ms(value);
            if (!limit || ctx.actor < 0) return std::nullopt;
            const auto left = shown(ctx.actor).count();
            return name == "time_left_at_most" ? left <= *limit : left > *limit;
        }
        return std::nullopt;
    }

    // A case's conditions as (name, value) pairs, read from the YAML once per Runner.
    const std::vector<std::pair<std::string, json>>& conditions_of(const rulebook::Case& c) {
        auto [it, fresh] = runner.caches_->conditions.try_emplace(&c);
        if (fresh)
            for (const auto& kv : c.when) it->second.emplace_back(kv.first.Scalar(), rulebook::yaml_to_json(kv.second));
        return it->second;
    }

    const rulebook::Case* match(const rulebook::Rule& r, const Context& ctx) {
        for (const auto& c : r.cases) {
            bool all = true;
            for (const auto& [name, value] : conditions_of(c)) {
                auto holds = condition(r, name, value, ctx);
                if (!holds || !*holds) {
                    all = false;
                    break;
                }
            }
            if (all) return &c;
        }
        return nullptr;
    }

    // ---- effects
    const json& effect_json(const rulebook::Effect& e) {
        auto& cache = runner.caches_->effects;
        auto it = cache.find(&e);
        if (it != cache.end()) return it->second;
        json fields = e.fields.IsDefined() && !e.fields.IsNull() ? rulebook::yaml_to_json(e.fields) : json::object();
        return cache[&e] = json{{e.name, fields}};
    }

    void end_game(const std::array<double, 2>& score, bool rated, const std::string& topic, const std::string& article) {
        ended = true;
        out.result.status = "ended";
        out.result.score = score;
        out.result.rated = rated;
        out.result.topic = topic;
        out.result.article = article;
        if (clk && clk->running()) (void)clk->stop(now);
        open.clear();
    }

    std::array<double, 3> points() const {
        double win = 1, draw = 0.5, loss = 0;
        if (const auto* s = rule("result.scoring")) {
            if (auto v = param_value(*s, "win"); v.is_number()) win = v.get<double>();
            if (auto v = param_value(*s, "draw"); v.is_number()) draw = v.get<double>();
            if (auto v = param_value(*s, "loss"); v.is_number()) loss = v.get<double>();
        }
        return {win, draw, loss};
    }

    LuaHost& host(const rulebook::Rule& r) {
        auto& hosts = runner.caches_->hosts;
        if (auto known = runner.caches_->host_of.find(&r); known != runner.caches_->host_of.end()) return *known->second;
        auto it = hosts.find(r.hooks_file);
        if (it != hosts.end()) return *(runner.caches_->host_of[&r] = it->second.get());
        std::ifstream in(r.hooks_file, std::ios::binary);
        if (!in)
            throw InputError({r.from.file, r.from.line, 0},
                             "rulebook " + r.from.rulebook + ": hook file '" + r.hooks_file + "' cannot be read");
        std::stringstream text;
        text << in.rdbuf();
        auto h = std::make_unique<LuaHost>(r.from.rulebook, r.hooks_file, text.str());
        return *(runner.caches_->host_of[&r] = (hosts[r.hooks_file] = std::move(h)).get());
    }

    // What a hook reads (docs/RULEBOOKS.md, Lua hooks): the clocks by side and by role, the rule's parameters, the
    // offence counter and the position. One JSON tree per Runner, updated in place (Caches::HookSnapshot): the
    // parameters are rebuilt only for another rule or run, the position only when the board changed.
    const json& snapshot(const rulebook::Rule& r, const Context& ctx) {
        auto& kept = runner.caches_->snapshot;
        json& s = kept.tree;
        const auto left = clocks();
        auto reading = [&](int side) -> std::int64_t { return side == 0 || side == 1 ? left[side].count() : 0; };
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
        int count = 0;
        if (ctx.actor == 0 || ctx.actor == 1)
            if (const auto it = offences.find(ctx.topic); it != offences.end()) count = it->second[ctx.actor];
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
            }
            // Assigned into the strings in place: no allocation once they have grown to a position's length.
            kept.position[0]->get_ref<std::string&>() = position_text();
            kept.position[1]->get_ref<std::string&>() = side_name(to_move());
            *kept.position[2] = game->ply();
            kept.position_run = serial;
            kept.position_version = board_version;
        }
        return s;
    }

    // Applies one effect {name: fields}; appends what was applied to `ruling`.
    void apply(const rulebook::Rule& r, const json& effect, const Context& ctx, Ruling& ruling, int depth = 0) {
        const std::string& name = effect.begin().key();
        const json& f = effect.begin().value();
        if (name == "hook") {
            // A formula: its effects are applied as if the rule listed them.
            static const std::string unnamed;
            const std::string& hook = f.is_string()                        ? f.get_ref<const std::string&>()
                                      : f.contains("name") && f["name"].is_string() ? f["name"].get_ref<const std::string&>()
                                                                                     : unnamed;
            if (!runner.options_.use_hooks) return;
            json result = host(r).call(hook, snapshot(r, ctx));
            if (!result.is_array() && !result.is_null())
                throw HookError(r.from.rulebook, hook, HookErrorKind::bad_result, {r.from.file, r.from.line, 0},
                                "expected a list of effects");
            if (result.is_array())
                for (const auto& e : result) {
                    if (!e.is_object() || e.size() != 1)
                        throw HookError(r.from.rulebook, hook, HookErrorKind::bad_result, {r.from.file, r.from.line, 0},
                                        "expected each effect as a one-key table");
                    if (depth < 4) apply(r, e, ctx, ruling, depth + 1);
                }
            return;
        }
        json applied = {{"effect", name}};
        auto side_field = [&](const char* key) {
            if (!f.is_object() || !f.contains(key)) return -1;
            return role_side(f[key].get<std::string>(), ctx);
        };
        if (name == "add_time" || name == "deduct_time" || name == "set_time") {
            const int side = side_field("to");
            auto amount = as_ms(resolve(r, f.value("amount", json())));
            if (side < 0 || side > 1 || !amount) return;
            if (clk) {
                if (name == "add_time") (void)clk->add_time(side, Ms{*amount}, now);
                else if (name == "deduct_time") (void)clk->deduct_time(side, std::min(Ms{*amount}, shown(side)), now);
                else (void)clk->set_time(side, Ms{*amount}, now);
            }
            applied["to"] = side_name(side);
            applied["amount"] = *amount;
        } else if (name == "stop_clocks") {
            if (clk && clk->running()) (void)clk->stop(now);
        } else if (name == "restart_clocks") {
            if (clk && !clk->running()) (void)clk->restart(now);
        } else if (name == "lose" || name == "win" || name == "forfeit_unrated") {
            const int who = side_field("who");
            if (who < 0 || who > 1) return;
            const int loser = name == "win" ? 1 - who : who;
            bool rated = name != "forfeit_unrated" && f.value("rated", true);
            const auto pts = points();
            std::array<double, 2> score{};
            score[loser] = pts[2];
            score[1 - loser] = pts[0];
            std::string outcome = name == "forfeit_unrated" ? "lose" : name;
            if (f.contains("unless") && f["unless"].is_object()) {
                Context c = ctx;
                c.actor = loser;
                c.roles.erase("opponent");
                for (auto& [cond, result] : f["unless"].items()) {
                    // the condition is about the loser's opponent (opponent_cannot_checkmate)
                    std::optional<bool> holds;
                    if (cond == "opponent_cannot_checkmate") {
                        auto cc = cannot_checkmate(1 - loser);
                        holds = cc;
                    } else {
                        holds = condition(r, cond, true, c);
                    }
                    if (!holds) {
                        ruling.note += (ruling.note.empty() ? "" : "; ") + std::string("condition ") + cond +
                                       " could not be settled: the arbiter decides";
                        Pending p{ruling.topic, ruling.article, {name, result.get<std::string>()},
                                  "Can the opponent still checkmate? (" + cond + " unknown)"};
                        open.push_back({p, &r, ctx});
                        applied["unless"] = {{cond, "unknown"}};
                        ruling.effects.push_back(applied);
                        return;
                    }
                    if (*holds) {
                        outcome = result.get<std::string>();
                        applied["unless"] = {{cond, true}};
                    }
                }
            }
            if (outcome == "draw") {
                score = {pts[1], pts[1]};
                applied = {{"effect", "draw"}, {"instead_of", name}};
            } else {
                applied["who"] = side_name(who);
            }
            if (!rated) applied["rated"] = false;
            ruling.effects.push_back(applied);
            end_game(score, rated, ruling.topic, ruling.article);
            return;
        } else if (name == "draw") {
            const auto pts = points();
            const bool rated = f.is_object() ? f.value("rated", true) : true;
            if (!rated) applied["rated"] = false;
            ruling.effects.push_back(applied);
            end_game({pts[1], pts[1]}, rated, ruling.topic, ruling.article);
            return;
        } else if (name == "score") {
            std::array<double, 2> score{};
            for (int i = 0; i < 2; ++i)
                if (f.contains(side_name(i))) score[i] = f[side_name(i)].get<double>();
            const bool rated = f.value("rated", true);
            applied["score"] = {{side_name(0), score[0]}, {side_name(1), score[1]}};
            ruling.effects.push_back(applied);
            end_game(score, rated, ruling.topic, ruling.article);
            return;
        } else if (name == "replay_with_colours_swapped") {
            // The game is played again from its start: the players exchange colours and each keeps the time left.
            const auto left = clocks();
            game->restart();
            ++board_version;
            colours_swapped = !colours_swapped;
            touched = {false, false};
            illegal.reset();
            if (clk) {
                if (clk->running()) (void)clk->stop(now);
                (void)clk->set_time(0, left[1], now);
                (void)clk->set_time(1, left[0], now);
            }
            applied["clocks"] = {{side_name(0), left[1].count()}, {side_name(1), left[0].count()}};
            ruling.note += (ruling.note.empty() ? "" : "; ") + std::string("replay: the player who had ") + side_name(1) +
                           " now plays " + side_name(0);
        } else if (name == "decide_by_lot") {
            // Play is over: the clocks stop while the lot is drawn at the board, and the ruling asks for its
            // outcome, the side that won it.
            if (clk && clk->running()) (void)clk->stop(now);
            Pending p{ruling.topic, ruling.article, {side_name(0), side_name(1)}, "Which side won the lot?"};
            open.push_back({p, &r, ctx});
            applied["options"] = p.options;
        } else if (name == "arbiter_decides") {
            Pending p{ruling.topic, ruling.article, {}, "The arbiter chooses."};
            if (f.contains("options"))
                for (const auto& o : f["options"]) p.options.push_back(o.get<std::string>());
            open.push_back({p, &r, ctx});
            applied["options"] = p.options;
        } else if (name == "restore_position") {
            // An illegal act the board holds is taken off it (one it could not hold never changed it); the clock
            // of the side then to move runs.
            if (ctx.restore_ply >= 0 && game) {
                if (game->take_back_to(ctx.restore_ply)) applied["position"] = game->position_text();
                if (clk && clk->running()) ensure_running(to_move());
            }
            if (f.is_object())
                for (auto& [k, v] : f.items()) applied[k] = v;
        } else if (name == "warn" || name == "expel") {
            const int side = side_field(name == "warn" ? "to" : "who");
            if (side >= 0 && side <= 1) applied[name == "warn" ? "to" : "who"] = side_name(side);
        } else if (f.is_object()) {
            for (auto& [k, v] : f.items()) applied[k] = v;
        }
        ruling.effects.push_back(applied);
    }

    // Applies `r` to the situation `ctx`; returns the ruling index, or -1 when the rule says nothing here
    // (no case matched and it has no effects, ladder, hook or discretion).
    int apply_rule(const rulebook::Rule& r, Context ctx, int by, const std::string& note = {}) {
        ctx.topic = r.topic;
        Ruling ruling;
        ruling.at = now;
        ruling.topic = r.topic;
        ruling.article = r.article;
        ruling.summary = r.summary;
        ruling.by = by >= 0 && by <= 1 ? side_name(by) : std::string();
        ruling.note = note;
        std::vector<json> effects;
        bool discretion = false;
        if (const auto* c = match(r, ctx)) {
            if (!c->article.empty()) ruling.article = c->article;
            if (!c->summary.empty()) ruling.summary = c->summary;
            for (const auto& e : c->effects) effects.push_back(effect_json(e));
        } else {
            for (const auto& e : r.effects) effects.push_back(effect_json(e));
            if (!r.ladder.empty() && ctx.actor >= 0 && ctx.actor <= 1) {
                const int n = ++offences[r.topic][ctx.actor];
                const auto& step = r.ladder[std::min<std::size_t>(n, r.ladder.size()) - 1];
                for (const auto& e : step.effects) effects.push_back(effect_json(e));
                if (!step.summary.empty()) ruling.summary = step.summary;
                ruling.note += (ruling.note.empty() ? "" : "; ") + std::string("offence ") + std::to_string(n);
            }
            if (!r.hook.empty()) effects.push_back(json{{"hook", r.hook}});
            discretion = r.discretion.has_value() && !ctx.facts.contains("arbiter_decision");
            if (effects.empty() && !discretion) return -1;
        }
        const std::size_t index = out.rulings.size();
        out.rulings.push_back(std::move(ruling));
        // Apply after the ruling is in place (apply() may end the game with its topic and article).
        Ruling& ref = out.rulings.back();
        for (const auto& e : effects) {
            if (ended) break;
            apply(r, e, ctx, ref);
        }
        if (discretion && !ended) {
            Pending p{r.topic, ref.article, r.discretion->options, r.discretion->summary.en};
            open.push_back({p, &r, ctx});
        }
        ref.clocks_after = clocks();
        return int(index);
    }

    // A topic with no rule: nothing happens; a claim that needs an answer gets a note.
    int raise(const std::string& topic, const Context& ctx, int by, const std::string& note = {}, bool needs_answer = false) {
        const auto* r = rule(topic);
        if (!r) {
            if (needs_answer) {
                Ruling ruling;
                ruling.at = now;
                ruling.topic = topic;
                ruling.by = by >= 0 ? side_name(by) : std::string();
                ruling.note = "rulebook " + book.id + " has no rule on " + topic + "; nothing follows";
                ruling.clocks_after = clocks();
                out.rulings.push_back(std::move(ruling));
                return int(out.rulings.size()) - 1;
            }
            return -1;
        }
        return apply_rule(*r, ctx, by, note);
    }

    // ---- entries
    InputError error(const std::string& message, const YAML::Node& at = YAML::Node()) const {
        return InputError(at.IsDefined() && !at.IsNull() ? location_of(timeline.file, at) : entry->where, message);
    }

    int read_side(const YAML::Node& node) const {
        const std::string name = node.IsScalar() ? node.Scalar() : std::string();
        const int side = side_of(name);
        if (side < 0)
            throw error("found '" + name + "'; expected " + def->side_names[0] + " or " + def->side_names[1], node);
        return side;
    }

    void ensure_running(int side) {
        if (!clk) return;
        auto running = clk->running();
        if (running && *running == side) return;
        if (running) (void)clk->stop(now);
        (void)clk->start(side, now);
    }

    void find_illegal_by_arbiter() {
        // An illegal move that nobody claimed before the next move: the arbiter finds it (7.4a).
        if (!illegal) return;
        Context ctx;
        ctx.actor = illegal->offender;
        ctx.facts["claim_correct"] = true;
        illegal.reset();
        raise("move.illegal", ctx, -1, "found when the next move was made");
    }

    // `written`: the move when the entry's value is not it (a `pass: <side>` entry).
    void on_move(const std::optional<std::string>& written = std::nullopt) {
        if (!written && entry->value.IsMap()) {
            on_irregular_move(entry->value["square"].Scalar(), read_irregularity(entry->value));
            return;
        }
        const std::string text = written ? *written : entry->value.Scalar();
        const int mover = to_move();
        const auto parsed = game->read(text);
        if (parsed.status == core::MoveParseStatus::syntax_error)
            throw error("move: found '" + text + "': " + parsed.message, entry->value);
        // An illegal move the board could not hold is found when the next move is made (FIDE 7.4a); one the
        // board holds (shogi) stays open to be pointed out until the game ends.
        if (illegal && !illegal->on_board) find_illegal_by_arbiter();
        lapse_on_move(mover);
        if (ended) return;
        ensure_running(mover);
        if (clk) (void)clk->press(mover, now);
        if (!parsed.ok()) {
            // Recorded as played: the clock is pressed. The position stays unless the board can hold the move.
            illegal = IllegalMove{mover, now, !parsed.move.is_none()};
            illegal->ply_before = game->ply();
            if (!illegal->on_board) return;
        }
        game->play(parsed.move);
        ++board_version;
        touched = {false, false};
        offer_by = offer_by == mover ? offer_by : -1;
        if (parsed.ok()) after_move(mover);
        else on_illegal_move_held();
    }

    // An illegal move the board holds (a second pawn on a file, a pawn drop that mates) does not end the game by
    // what the board then shows. Where the rulebook says who may point it out, it waits for that; where it does
    // not (the CSA's server rules every move as it is made), it is ruled at once.
    void on_illegal_move_held() {
        if (rule(book.game + ".illegal_move_pointing")) return;
        Context ctx;
        ctx.actor = illegal->offender;
        ctx.facts["claim_correct"] = true;
        illegal.reset();
        raise("move.illegal", ctx, -1, "ruled as the move was made", true);
    }

    // What the board says after a move: the game's end on the board, a repetition that ends it, a move limit.
    void after_move(int mover) {
        Context ctx;
        ctx.actor = mover;
        switch (game->end_after_move()) {
        case BoardEnd::checkmate: raise_or_game_rule("result.checkmate", ctx, mover, def->no_moves_in_check); return;
        case BoardEnd::stalemate: raise_or_game_rule("draw.stalemate", ctx, mover, def->no_moves_not_in_check); return;
        case BoardEnd::dead_position: raise("draw.dead_position", ctx, mover); return;
        case BoardEnd::neither_can_move: on_counted_end(mover); return;
        case BoardEnd::none: break;
        }
        if (const auto* r = rule("shogi.sennichite")) {
            const auto n = param_value(*r, "occurrences");
            if (n.is_number() && game->repetition_count() == n.get<int>()) {
                // Perpetual check: one side checked with every move since the position first occurred.
                for (int side : {mover, 1 - mover})
                    if (game->checked_all_along(side)) {
                        Context p;
                        p.actor = side;
                        if (raise("shogi.perpetual_check", p, side, "every move of " + side_name(side) + " since the position first occurred gave check", true) >= 0)
                            return;
                    }
                ctx.actor = -1;
                ctx.facts["occurrence"] = ++sennichites;
                raise("shogi.sennichite", ctx, -1, {}, true);
                return;
            }
        }
        if (const auto* r = rule("shogi.max_moves")) {
            const auto n = param_value(*r, "moves");
            if (n.is_number() && game->ply() == n.get<int>()) raise("shogi.max_moves", ctx, -1);
        }
    }

    // A game end on the board that the rulebook may not restate (shogi rulebooks leave mate to the game's own
    // rules): with no rule on `topic`, the game definition's result for "no legal move" applies.
    void raise_or_game_rule(const std::string& topic, const Context& ctx, int mover, core::NoMovesResult result) {
        if (rule(topic)) {
            raise(topic, ctx, mover);
            return;
        }
        const auto pts = points();
        std::array<double, 2> score{pts[1], pts[1]};
        const int stuck = 1 - mover;  // the side left without a legal move
        if (result == core::NoMovesResult::loss) score = {pts[0], pts[0]}, score[stuck] = pts[2];
        if (result == core::NoMovesResult::win) score = {pts[2], pts[2]}, score[stuck] = pts[0];
        Ruling ruling;
        ruling.at = now;
        ruling.topic = topic;
        ruling.by = side_name(mover);
        ruling.note = "rulebook " + book.id + " leaves this to the game's rules (" + book.game + ")";
        out.rulings.push_back(std::move(ruling));
        end_game(score, true, topic, "");
        out.rulings.back().clocks_after = clocks();
    }

    void on_claim() {
        const YAML::Node& v = entry->value;
        const int claimant = read_side(v["by"]);
        const std::string kind = v["kind"].Scalar();
        Context ctx;
        ctx.actor = claimant;
        if (kind == "repetition" || kind == "fifty_moves") {
            const std::string topic = kind == "repetition" ? "draw.repetition" : "draw.move_rule";
            if (const auto* lapse = rule("draw.claim_lapse");
                lapse && param_value(*lapse, "lost_on") == "touch" && touched[claimant]) {
                raise("draw.claim_lapse", ctx, claimant, "the claimant touched a piece before claiming");
                return;
            }
            bool correct = claimant == to_move();
            const bool with_move = bool(v["move"]);
            core::Move move{};
            if (correct && with_move) {
                const auto parsed = game->read(v["move"].Scalar());
                if (parsed.status == core::MoveParseStatus::syntax_error)
                    throw error("claim.move: " + parsed.message, v["move"]);
                correct = parsed.ok();
                move = parsed.move;
            }
            if (correct) {
                if (kind == "repetition") {
                    // 9.2a: the announced move makes the position appear again; 9.2b: it has already appeared.
                    correct = with_move ? game->repeats_with(move, repetition_occurrences())
                                        : game->repetition_count() >= repetition_occurrences();
                } else {
                    std::int64_t moves = 50;
                    if (const auto* r = rule(topic))
                        if (auto m = param_value(*r, "moves"); m.is_number()) moves = m.get<std::int64_t>();
                    const int halfmove = with_move ? game->reversible_plies(move) : game->reversible_plies();
                    correct = halfmove >= 2 * moves;
                }
            }
            if (correct) {
                ctx.facts["claim_correct"] = true;
                ctx.facts["claim_announces_move"] = with_move;
                raise(topic, ctx, claimant, {}, true);
            } else {
                raise("draw.incorrect_claim", ctx, claimant, kind + " claim found incorrect", true);
            }
        } else if (kind == "quickplay_finish") {
            raise("draw.quickplay_finish", ctx, claimant, {}, true);
        } else if (kind == "flag" || kind == "win_on_time") {
            if (kind == "win_on_time" && rule("clock.win_claim")) {
                ctx.roles["opponent"] = 1 - claimant;
                raise("clock.win_claim", ctx, claimant, {}, true);
                return;
            }
            const int opp = 1 - claimant;
            const bool fallen = clk && clk->reading(opp, now).flag_fell.has_value();
            flag_fall(opp, claimant, fallen, claimant);
        } else if (kind == "illegal_move" && rule(book.game + ".illegal_move_pointing")) {
            point_out_illegal(claimant, side_name(claimant), v);
        } else if (kind == "impasse") {
            on_declare(claimant);
        } else if (kind == "illegal_move") {
            if (illegal && illegal->offender != claimant) {
                ctx.actor = illegal->offender;
                ctx.roles["claimant"] = claimant;
                ctx.facts["claim_correct"] = true;
                const int offender = illegal->offender;
                illegal.reset();
                const auto* r = rule("move.illegal");
                raise("move.illegal", ctx, claimant, {}, true);
                if (!ended && r && !r->restore.empty()) {
                    // 7.4a: the position before the irregularity; the offender is to move again.
                    ensure_running(offender);
                }
            } else {
                Ruling ruling;
                ruling.at = now;
                ruling.topic = "move.illegal";
                ruling.by = side_name(claimant);
                ruling.note = "no illegal move by the opponent to claim";
                ruling.clocks_after = clocks();
                out.rulings.push_back(std::move(ruling));
            }
        } else if (kind == "book_draw") {
            if (v["correct"]) ctx.facts["claim_correct"] = v["correct"].as<bool>();
            else if (is_listed_book_draw()) ctx.facts["claim_correct"] = true;
            // A forced win is something the opponent shows at the board: the timeline says so, or it did not happen.
            ctx.facts["forced_win_shown"] = v["forced_win_shown"] ? v["forced_win_shown"].as<bool>() : false;
            ctx.roles["opponent"] = 1 - claimant;
            const int i = raise("draw.book_positions", ctx, claimant, {}, true);
            if (i < 0) {
                // The rule's cases need a judgement the timeline does not give: the arbiter decides.
                const auto* r = rule("draw.book_positions");
                Ruling ruling;
                ruling.at = now;
                ruling.topic = r->topic;
                ruling.article = r->article;
                ruling.summary = r->summary;
                ruling.by = side_name(claimant);
                ruling.note = "whether the position is a book draw is the arbiter's judgement";
                ruling.clocks_after = clocks();
                out.rulings.push_back(std::move(ruling));
                open.push_back({Pending{r->topic, r->article, {"draw", "reject_claim"}, "Is the position a book draw?"}, r, ctx});
            }
        } else {
            raise("claim." + kind, ctx, claimant, "no such claim in the procedure", true);
        }
    }

    // A note that answers an entry without applying any rule (nothing to claim, nobody entitled).
    void note_only(const std::string& topic, int by, const std::string& note) {
        Ruling ruling;
        ruling.at = now;
        ruling.topic = topic;
        ruling.by = by >= 0 ? side_name(by) : std::string();
        ruling.note = note;
        ruling.clocks_after = clocks();
        out.rulings.push_back(std::move(ruling));
    }

    // The facts `<game>.illegal_move_pointing` reads about the illegal move held open: it was illegal, and whether
    // it was pointed out in time, or afterwards from an official record before the next round.
    Context illegal_move_context(bool in_time, bool official_record, bool before_next_round) const {
        Context ctx;
        ctx.actor = illegal->offender;
        ctx.facts["claim_correct"] = true;
        ctx.facts["pointed_out_in_time"] = in_time;
        ctx.facts["official_record"] = official_record;
        ctx.facts["before_next_round"] = before_next_round;
        return ctx;
    }

    // An illegal move pointed out where the rulebook says who may point one out and until when
    // (`<game>.illegal_move_pointing`): by a player (`claimant`) or by someone else (`who`: spectator, witness...),
    // during the game or, with the facts the rule asks for (an official record, before the next round), after it.
    void point_out_illegal(int claimant, const std::string& who, const YAML::Node& v) {
        const std::string topic = book.game + ".illegal_move_pointing";
        const auto* r = rule(topic);
        if (!r) {
            note_only("move.illegal", claimant, "rulebook " + book.id + " has no rule on who may point out an illegal move");
            return;
        }
        if (!illegal || illegal->offender == claimant) {
            note_only(topic, claimant, "no illegal move by the opponent to point out");
            return;
        }
        if (claimant < 0 && r->claim && r->claim->by != "anyone") {
            note_only(topic, -1, "under " + book.id + " (" + r->article + ") only the players may point out an illegal move");
            return;
        }
        auto fact = [&](const char* key) { return v[key] ? v[key].as<bool>() : false; };
        Context ctx = illegal_move_context(!ended, fact("official_record"), fact("before_next_round"));
        if (claimant >= 0) ctx.roles["claimant"] = claimant;
        add_point_out_facts(*r, v, ctx);
        // After the end the rule may still overturn the result; if it does not, the result stands as it was.
        const Result before = out.result;
        const bool was_ended = ended;
        ended = false;
        const auto held = illegal;
        illegal.reset();
        const int index = apply_rule(*r, ctx, claimant, "pointed out by " + who);
        // A point-out the rule rejects (a disc not named) leaves the act open to a proper one.
        if (index >= 0)
            for (const auto& e : out.rulings[std::size_t(index)].effects)
                if (e.value("effect", std::string()) == "reject_claim") illegal = held;
        if (was_ended && !ended) {
            out.result = before;
            ended = true;
        }
    }

    // The game ended with an illegal move nobody pointed out: where a rulebook says who may point one out and until
    // when, the move stands (a ruling says so once).
    void illegal_move_stood() {
        if (!ended || !illegal || illegal->stood) return;
        const auto* r = rule(book.game + ".illegal_move_pointing");
        if (!r) return;
        illegal->stood = true;
        Context ctx = illegal_move_context(false, false, false);
        const Result result = out.result;
        apply_rule(*r, ctx, -1, "not pointed out before the game ended: the move stands");
        out.result = result;
        ended = true;
    }

    // A declaration (shogi's entering-king declaration) or a request for the officials' count: the rule's cases read
    // the declarer's impasse count, both sides' total points, whose turn it is and whether the declarer is in check.
    void on_declare(int declarer) {
        if (clk && clk->reading(declarer, now).flag_fell) {
            flag_fall(declarer, -1, true, -1);  // the declaration came after the time ran out
            return;
        }
        if (clk && clk->running()) (void)clk->stop(now);
        Context ctx;
        ctx.actor = declarer;
        // Points as the rule values pieces (major_value, minor_value), over the pieces the game counts as major.
        const auto* r = rule("shogi.impasse");
        auto value = [&](const char* name, int fallback) {
            const json v = r ? param_value(*r, name) : json();
            return v.is_number() ? v.get<int>() : fallback;
        };
        const int major = value("major_value", 5), minor = value("minor_value", 1);
        const Board::Impasse count = game->impasse(declarer);
        const int zone_points = count.zone_major * major + count.zone_minor * minor;
        const bool own_turn = declarer == to_move();
        ctx.facts["actor_side"] = side_name(declarer);
        ctx.facts["own_turn"] = own_turn;
        ctx.facts["king_in_zone"] = count.royal_in_zone;
        ctx.facts["zone_points"] = zone_points;
        ctx.facts["pieces_in_zone"] = count.pieces_in_zone;
        ctx.facts["not_in_check"] = !(own_turn && game->in_check());
        for (int side = 0; side < 2; ++side) {
            const Board::Impasse all = game->impasse(side);
            ctx.facts[side_name(side) + "_points"] = all.all_major * major + all.all_minor * minor;
        }
        const std::string note = "zone points " + std::to_string(zone_points) + ", pieces in zone " +
                                 std::to_string(count.pieces_in_zone) + (count.royal_in_zone ? ", king in zone" : ", king outside the zone");
        if (raise("shogi.impasse", ctx, declarer, note, true) < 0)
            note_only("shogi.impasse", declarer, "no case of the rule applies: " + note);
    }

    // JCA 15.1: the position is a draw the arbiter can see without judgement: a dead position (item 1, a FIDE-law
    // draw), or exactly one of the material balances the rule lists in its `material` parameter ("KR v KR; ...").
    bool is_listed_book_draw() const {
        if (game->is_dead_position()) return true;
        const auto* r = rule("draw.book_positions");
        const json listed = r ? param_value(*r, "material") : json();
        if (!listed.is_string()) return false;
        std::array<std::string, 2> sides;
        for (int c = 0; c < 2; ++c) sides[c] = game->material(c);
        std::stringstream in(listed.get<std::string>());
        for (std::string item; std::getline(in, item, ';');) {
            const auto v = item.find(" v ");
            if (v == std::string::npos) continue;
            auto trim = [](std::string t) {
                t.erase(0, t.find_first_not_of(' '));
                t.erase(t.find_last_not_of(' ') + 1);
                return t;
            };
            const std::string a = trim(item.substr(0, v)), b = trim(item.substr(v + 3));
            if ((a == sides[0] && b == sides[1]) || (a == sides[1] && b == sides[0])) return true;
        }
        return false;
    }

    void flag_fall(int offender, int claimant, bool fallen, int by) {
        Context ctx;
        ctx.actor = offender;
        if (claimant >= 0) ctx.roles["claimant"] = claimant;
        ctx.roles["opponent"] = 1 - offender;
        ctx.facts["claim_correct"] = fallen;
        const auto* r = rule("clock.flag_fall");
        if (!r) {
            raise("clock.flag_fall", ctx, by, {}, true);
            return;
        }
        if (!fallen && !match(*r, ctx)) {
            Ruling ruling;
            ruling.at = now;
            ruling.topic = r->topic;
            ruling.article = r->article;
            ruling.summary = r->summary;
            ruling.by = by >= 0 ? side_name(by) : std::string();
            ruling.note = "the flag has not fallen; the claim is rejected";
            ruling.clocks_after = clocks();
            out.rulings.push_back(std::move(ruling));
            return;
        }
        apply_rule(*r, ctx, by);
    }

    void on_observe() {
        const YAML::Node& v = entry->value;
        if (v["illegal_move"]) {
            point_out_illegal(-1, v["by"] ? v["by"].Scalar() : std::string("arbiter"), v);
            return;
        }
        if (v["both_flags_fallen"] && v["both_flags_fallen"].as<bool>()) {
            const bool known = v["order_known"] && v["order_known"].as<bool>();
            Context ctx;
            ctx.facts["order_known"] = known;
            if (clk) ctx.facts["final_period"] = clk->reading(0, now).last_period && clk->reading(1, now).last_period;
            const auto* r = rule("clock.both_flags");
            if (r && apply_rule(*r, ctx, -1) >= 0) return;
            if (known && v["first"]) flag_fall(read_side(v["first"]), -1, true, -1);
            return;
        }
        if (v["flag_fallen"]) {
            const int side = read_side(v["flag_fallen"]);
            const std::string by = v["by"] ? v["by"].Scalar() : std::string("arbiter");
            const auto* r = rule("clock.flag_fall");
            // Who may establish a flag fall: where only the opponent may (a claim), an observation is not enough.
            if (by == "arbiter" && r && r->claim && (r->claim->by == "opponent" || r->claim->by == "player")) return;
            const bool fallen = clk && clk->reading(side, now).flag_fell.has_value();
            flag_fall(side, by == "arbiter" ? -1 : 1 - side, fallen, -1);
        }
    }

    // The ruling that records an arbiter's answer to the decision `o` left open.
    Ruling& decision_ruling(const Open& o, const std::string& decision) {
        Ruling ruling;
        ruling.at = now;
        ruling.topic = o.rule->topic;
        ruling.article = o.pending.article;
        ruling.summary = o.rule->summary;
        ruling.note = "arbiter's decision: " + decision;
        out.rulings.push_back(std::move(ruling));
        return out.rulings.back();
    }

    void on_arbiter() {
        const YAML::Node& v = entry->value;
        const std::string decision = v["decision"].Scalar();
        if (!open.empty()) {
            Open o = open.back();
            const auto& opts = o.pending.options;
            if (std::find(opts.begin(), opts.end(), decision) == opts.end()) {
                std::string list;
                for (const auto& s : opts) list += (list.empty() ? "" : ", ") + s;
                throw error("decision: found '" + decision + "'; rulebook " + book.id + " allows for " + o.pending.topic +
                                " (" + o.pending.article + ") only: " + list,
                            v["decision"]);
            }
            open.pop_back();
            Context ctx = o.ctx;
            ctx.facts["arbiter_decision"] = decision;
            const auto* r = o.rule;
            if (side_of(decision) >= 0) {
                // A side named as the outcome (a lot drawn): that side wins.
                ctx.roles["winner"] = side_of(decision);
                apply(*r, json{{"win", {{"who", "winner"}}}}, ctx, decision_ruling(o, decision));
                out.rulings.back().clocks_after = clocks();
                return;
            }
            // Only a case that reads the decision answers it (the case that asked for it would ask again).
            if (const auto* c = match(*r, ctx); c && c->when["arbiter_decision"]) {
                apply_rule(*r, ctx, -1, "arbiter's decision: " + decision);
                return;
            }
            // The decision is itself an effect of the vocabulary: apply it to the party the rule is about, when the
            // effect names a party (its `to` or `who` is a role in schemas/topics.yaml; restore_position's `to` is not).
            json fields = json::object();
            const std::string role = r->topic.rfind("draw.", 0) == 0 || r->topic.rfind("clock.", 0) == 0 ? "claimant" : "offender";
            const auto* spec = runner.library_.registry().effect(decision);
            auto names_party = [&](const char* field) {
                const std::string* type = spec ? spec->field_type(field) : nullptr;
                return type && *type == "role";
            };
            if (names_party("who"))
                fields["who"] = decision == "win" ? "opponent" : role;
            else if (names_party("to"))
                fields["to"] = decision == "add_time" ? "opponent" : role;
            if (v["amount"]) fields["amount"] = v["amount"].Scalar();
            apply(*r, json{{decision, fields}}, ctx, decision_ruling(o, decision));
            out.rulings.back().clocks_after = clocks();
            return;
        }
        Context ctx;
        if (decision == "adjourn") {
            ctx.actor = v["sealed_by"] ? read_side(v["sealed_by"]) : to_move();
            raise("adjournment", ctx, -1, v["sealed_move"] ? "sealed move " + v["sealed_move"].Scalar() : "", true);
            return;
        }
        if (decision == "flag") {
            const int side = v["side"] ? read_side(v["side"]) : to_move();
            flag_fall(side, -1, clk && clk->reading(side, now).flag_fell.has_value(), -1);
            return;
        }
        // Nothing is open: under this rulebook the situation leaves the arbiter no choice (a timeline written for
        // one edition, compared under another). The entry is noted and changes nothing.
        note_only("arbiter.intervention", -1,
                  "arbiter's decision '" + decision + "' not needed: rulebook " + book.id + " leaves nothing open to the arbiter here");
    }

    // ---- placement games (othello): irregular acts held on the board, counting, rights, clock presses

    // The object form of a move ({square: f5, by:, colour:, unturned: [...], overturned: [...], displaced: [...]}).
    Irregularity read_irregularity(const YAML::Node& v) const {
        Irregularity act;
        if (v["by"]) act.by = read_side(v["by"]);
        if (v["colour"]) act.colour = read_side(v["colour"]);
        auto squares = [&](const char* key, std::vector<std::string>& into) {
            if (const YAML::Node list = v[key])
                for (const auto& sq : list) into.push_back(sq.Scalar());
        };
        squares("unturned", act.unturned);
        squares("overturned", act.overturned);
        squares("displaced", act.displaced);
        return act;
    }

    // A move made otherwise than the rules say, as the timeline saw it: out of turn (`by`), with the other colour,
    // with discs left unturned, turned too many or knocked out of place. The board holds it as it was done until
    // the opponent points it out or lets it pass (joa-othello 「直前の相手番に不正着手があった場合の指摘」).
    void on_irregular_move(const std::string& text, Irregularity act) {
        if (act.by == to_move()) act.by = -1;
        if (!act.any()) {
            on_move(text);
            return;
        }
        const int actor = act.by >= 0 ? act.by : to_move();
        if (illegal && !illegal->on_board) find_illegal_by_arbiter();
        lapse_on_move(actor);
        if (ended) return;
        const int ply_before = game->ply();
        if (const std::string why = game->hold_irregular(text, act); !why.empty())
            throw error("move: found '" + text + "' as described: " + why, entry->value);
        // The actor presses his clock; out of turn his clock was not running and the press changes nothing.
        if (act.by < 0) {
            ensure_running(actor);
            if (clk) (void)clk->press(actor, now);
        }
        illegal = IllegalMove{actor, now, true};
        illegal->ply_before = ply_before;
        for (const auto* list : {&act.unturned, &act.overturned, &act.displaced})
            illegal->discs.insert(illegal->discs.end(), list->begin(), list->end());
        touched = {false, false};
        on_illegal_move_held();
    }

    // The facts a point-out of a held act adds for the rule's cases: whether the players agree on it and whether
    // it is small enough to correct (the timeline says; both by default), whether it was the game's last move (the
    // board it left lets neither side move), whether the discs the rule says must be named were named
    // (name_disc_required; the claim's `discs`), and where restore_position goes back to.
    void add_point_out_facts(const rulebook::Rule& r, const YAML::Node& v, Context& ctx) const {
        auto fact = [&](const char* key, bool otherwise) { return v[key] ? v[key].as<bool>() : otherwise; };
        ctx.facts["players_agree"] = fact("players_agree", true);
        ctx.facts["irregularity_correctable"] = fact("irregularity_correctable", true);
        if (!illegal) return;
        ctx.restore_ply = illegal->on_board ? illegal->ply_before : game->ply();
        ctx.facts["last_move"] = illegal->on_board && game->neither_can_move();
        bool named = true;
        if (const json required = param_value(r, "name_disc_required"); required.is_boolean() && required.get<bool>()) {
            std::vector<std::string> said;
            if (const YAML::Node discs = v["discs"])
                for (const auto& d : discs) said.push_back(d.Scalar());
            for (const auto& d : illegal->discs) named = named && std::find(said.begin(), said.end(), d) != said.end();
        }
        ctx.facts["disc_named"] = named;
    }

    // The side that could point out a held act moves instead, and the rulebook allows a point-out only before that
    // (`claim.deadline: before_own_next_move`): the act stands, ruled once.
    void lapse_on_move(int mover) {
        if (!illegal || !illegal->on_board || mover == illegal->offender) return;
        const auto* r = rule(book.game + ".illegal_move_pointing");
        if (!r || !r->claim || r->claim->deadline != "before_own_next_move") return;
        lapse_illegal("not pointed out before " + side_name(mover) + "'s next move: the act stands");
    }

    void lapse_illegal(const std::string& why) {
        const auto* r = rule(book.game + ".illegal_move_pointing");
        if (!r || !illegal) return;
        Context ctx = illegal_move_context(false, false, false);
        illegal.reset();
        if (apply_rule(*r, ctx, -1, why) < 0) note_only(r->topic, -1, why);
    }

    // A game over on the board by counting (othello: neither side can move). The game's data says who wins (more
    // pieces); the rulebook's <game>.game_end says whether empty squares go to the winner (empties_to_winner;
    // without it the count is the discs on the board), and a tie goes to <game>.draw_win_right where the rulebook
    // has one (joa-othello: the holder of the draw-win right wins a 32-32 game), else it is drawn.
    void on_counted_end(int by) {
        const auto count = game->piece_count();
        if (!count) return;
        const std::string topic = book.game + ".game_end";
        const auto* r = rule(topic);
        std::array<int, 2> discs = count->pieces;
        const int winner = discs[0] == discs[1] ? -1 : discs[0] > discs[1] ? 0 : 1;
        std::string how;
        if (count->empty > 0) {
            const json to_winner = r ? param_value(*r, "empties_to_winner") : json();
            if (to_winner.is_boolean() && to_winner.get<bool>() && winner >= 0) {
                discs[std::size_t(winner)] += count->empty;
                how = ", given to the winner";
            } else if (winner >= 0) {
                how = ", not counted (the rulebook does not give them to the winner)";
            }
        }
        counted = discs;
        Ruling ruling;
        ruling.at = now;
        ruling.topic = topic;
        ruling.article = r ? r->article : std::string();
        if (r) ruling.summary = r->summary;
        ruling.by = side_name(by);
        ruling.note = "on the board " + side_name(0) + " " + std::to_string(count->pieces[0]) + ", " + side_name(1) + " " +
                      std::to_string(count->pieces[1]) + ", " + std::to_string(count->empty) + " empty" + how;
        ruling.effects.push_back({{"effect", "count"}, {"score", {{side_name(0), discs[0]}, {side_name(1), discs[1]}}}});
        const auto pts = points();
        if (winner >= 0) {
            ruling.effects.push_back({{"effect", "win"}, {"who", side_name(winner)}});
            out.rulings.push_back(std::move(ruling));
            std::array<double, 2> score{};
            score[std::size_t(winner)] = pts[0];
            score[std::size_t(1 - winner)] = pts[2];
            end_game(score, true, topic, out.rulings.back().article);
            out.rulings.back().clocks_after = clocks();
            return;
        }
        const std::string tie_topic = book.game + ".draw_win_right";
        const auto* tie = rule(tie_topic);
        if (!tie) ruling.effects.push_back({{"effect", "draw"}});
        out.rulings.push_back(std::move(ruling));
        if (!tie) {
            end_game({pts[1], pts[1]}, true, topic, out.rulings.back().article);
            out.rulings.back().clocks_after = clocks();
            return;
        }
        out.rulings.back().clocks_after = clocks();
        if (clk && clk->running()) (void)clk->stop(now);
        Context ctx;
        if (role_side("right_holder", ctx) < 0) {
            note_only(tie_topic, -1, "a tie, and no entry assigned the right that decides it");
            out.rulings.back().article = tie->article;
            open.push_back({Pending{tie->topic, tie->article, {side_name(0), side_name(1)}, "Who holds the draw-win right?"}, tie, ctx});
            return;
        }
        apply_rule(*tie, ctx, -1, "a tie: " + std::to_string(discs[0]) + "-" + std::to_string(discs[1]));
    }

    // The player who did not make the last move declares the end (joa-othello: after the last move, point out its
    // illegality or declare the end): an act held on the board that was not pointed out stands, and the count decides.
    void on_declare_end(int by) {
        if (illegal && illegal->on_board) lapse_illegal("the end was declared without pointing the act out: it stands");
        if (ended) return;
        if (game->neither_can_move()) on_counted_end(by);
        else note_only(book.game + ".game_end", by, "the game is not over on the board: a side can still move");
    }

    // Rights given before or during the game (othello: the draw-win right won or left at the hidden-stone guess,
    // <game>.colour_choice).
    void on_assign() {
        std::string note;
        for (const auto& kv : entry->value) {
            assigned[kv.first.Scalar()] = read_side(kv.second);
            note += (note.empty() ? "" : ", ") + kv.first.Scalar() + ": " + kv.second.Scalar();
        }
        const auto* r = rule(book.game + ".colour_choice");
        if (!r) return;
        note_only(r->topic, -1, note);
        out.rulings.back().article = r->article;
        out.rulings.back().summary = r->summary;
    }

    // A press of a clock button with no move (othello: white's press starts the game; the present player starts the
    // absent one's clock): the presser's clock stops, the other side's runs.
    // Whether the clocks wait for a press: the rulebook names the side whose press starts the game (clock.start
    // started_by; othello: white presses, black's clock runs) and the timeline's first act at the board is that
    // side's press. A timeline that starts otherwise starts at the scheduled start, as if pressed at 0:00:00.
    bool started_by_press() const {
        const auto* r = rule("clock.start");
        const json starter = r ? param_value(*r, "started_by") : json();
        if (!starter.is_string() || side_of(starter.get<std::string>()) < 0) return false;
        for (const auto& e : timeline.entries) {
            if (e.action == "press") return e.value.IsScalar() && e.value.Scalar() == starter.get<std::string>();
            if (e.action == "move" || e.action == "pass") return false;
        }
        return false;
    }

    void on_press(int side) {
        if (!clk) return;
        if (clk->running()) (void)clk->stop(now);
        (void)clk->start(1 - side, now);
    }

    // After the game the result card (<game>.result_card), where the rulebook has one: a circle for the winner and a
    // cross for the loser, and each side's disc difference where the rule keeps it (disc_difference) and the game
    // was counted.
    void write_result_card() {
        if (!ended || card_written) return;
        card_written = true;
        const auto* r = rule(book.game + ".result_card");
        if (!r || !out.result.score) return;
        const auto& score = *out.result.score;
        std::string note;
        for (int side = 0; side < 2; ++side) {
            const double mine = score[std::size_t(side)], theirs = score[std::size_t(1 - side)];
            note += (side ? ", " : "") + side_name(side) + (mine > theirs ? " ○" : mine < theirs ? " ×" : " -");
            const json wanted = param_value(*r, "disc_difference");
            if (counted && wanted.is_boolean() && wanted.get<bool>()) {
                const int d = (*counted)[std::size_t(side)] - (*counted)[std::size_t(1 - side)];
                note += " " + std::string(d > 0 ? "+" : "") + std::to_string(d);
            }
        }
        if (!out.result.rated) note += " (unrated)";
        note_only(r->topic, -1, note);
        out.rulings.back().article = r->article;
        out.rulings.back().summary = r->summary;
    }

    void on_entry() {
        const std::string& a = entry->action;
        // After the end only a point-out of an illegal move that stood can still change the result.
        if (ended && !(a == "observe" && entry->value["illegal_move"])) return;
        Context ctx;
        if (a == "move") {
            on_move();
        } else if (a == "claim") {
            on_claim();
        } else if (a == "observe") {
            on_observe();
        } else if (a == "arbiter") {
            on_arbiter();
        } else if (a == "arrive") {
            // `arrive: <side>`, or {by: <side>, forfeit: true} when the latecomer chooses to lose instead of playing.
            const YAML::Node& v = entry->value;
            ctx.actor = read_side(v.IsMap() ? v["by"] : v);
            ctx.facts["arrival_ms"] = now.count();
            ctx.facts["latecomer_forfeits"] = v.IsMap() && v["forfeit"] && v["forfeit"].as<bool>();
            raise("clock.late_arrival", ctx, -1);
        } else if (a == "phone") {
            ctx.actor = read_side(entry->value);
            raise("conduct.phone", ctx, -1, {}, true);
        } else if (a == "resign") {
            ctx.actor = read_side(entry->value);
            raise("result.resignation", ctx, ctx.actor, {}, true);
        } else if (a == "offer") {
            offer_by = read_side(entry->value["by"]);
        } else if (a == "accept") {
            ctx.actor = read_side(entry->value);
            if (offer_by >= 0 && offer_by != ctx.actor) raise("draw.agreement", ctx, ctx.actor, {}, true);
            offer_by = -1;
        } else if (a == "decline") {
            offer_by = -1;
        } else if (a == "touch") {
            const YAML::Node& v = entry->value;
            const int by = read_side(v["by"]);
            if (v["adjust"] && v["adjust"].as<bool>()) return;
            const std::string sq_name = v["square"].Scalar();
            const auto owner = game->owner_at(sq_name);
            if (!owner) throw error("square: found '" + sq_name + "'; expected a square of the board", v["square"]);
            if (*owner < 0) return;  // nothing there: touching an empty square is no touch
            touched[by] = true;
            ctx.actor = by;
            ctx.facts["touched_piece"] = *owner == by ? "own" : "opponent";
            raise("move.touch", ctx, by);
        } else if (a == "declare") {
            if (entry->value["kind"].Scalar() == "game_end") on_declare_end(read_side(entry->value["by"]));
            else on_declare(read_side(entry->value["by"]));
        } else if (a == "pass") {
            // `pass: <side>`: the side to move passes; anyone else passes out of turn.
            const int side = read_side(entry->value);
            if (side == to_move()) on_move("pass");
            else {
                Irregularity act;
                act.by = side;
                on_irregular_move("pass", act);
            }
        } else if (a == "press") {
            on_press(read_side(entry->value));
        } else if (a == "assign") {
            on_assign();
        }
    }
};

Run Runner::run(const Timeline& timeline, const rulebook::Rulebook& book) {
    State st(*this, timeline, book);
    st.out.rulebook = book.id;
    st.out.game = book.game;
    // Game definition (cached).
    auto& def = caches_->games[book.game];
    if (!def) {
        const auto dir = options_.rulesets.empty() ? library_.dir() : options_.rulesets;
        def = core::load_game(book.game, dir.string());
    }
    st.def = def;
    st.out.sides = {def->side_names[0], def->side_names[1]};
    st.game = make_board(def, timeline.start, timeline.file, &caches_->analysis);
    // Time control, category, mode.
    std::optional<clock::TimeControl> control;
    if (timeline.event.time_control.IsDefined() && !timeline.event.time_control.IsNull()) {
        auto parsed = clock::parse_yaml_time_control(timeline.event.time_control);
        if (!parsed)
            throw InputError(location_of(timeline.event.file, timeline.event.time_control), "time_control: " + parsed.error.message);
        control = *parsed;
    }
    st.out.category = select_category(book, timeline.event, control);
    if (auto it = book.categories.find(st.out.category); it != book.categories.end()) st.category = &it->second;
    st.out.mode = timeline.event.mode.empty() ? book.default_mode : timeline.event.mode;
    if (auto it = book.modes.find(st.out.mode); it != book.modes.end()) st.mode = &it->second;
    // What makes positions "the same" for draw.repetition (FIDE 2001 9.2 castling rights; 2009 9.2 possible moves).
    if (const auto* rep = st.rule("draw.repetition"); rep && st.param_value(*rep, "castling") == "possible_moves")
        st.game->set_castling_identity(core::CastlingIdentity::possible_moves);
    if (control && control->is_timed()) {
        st.clk.emplace(*control);
        if (!st.started_by_press()) (void)st.clk->start(st.game->side_to_move(), Ms{0});
    }
    for (const auto& e : timeline.entries) {
        st.entry = &e;
        st.now = e.at;
        const std::size_t before = st.out.rulings.size();
        st.on_entry();
        st.illegal_move_stood();
        st.write_result_card();
        for (std::size_t i = before; i < st.out.rulings.size(); ++i) {
            st.out.rulings[i].entry = int(&e - timeline.entries.data());
            st.out.rulings[i].position = st.position_text();
        }
        if (options_.keep_snapshots) {
            Run::Snapshot s;
            s.result = st.out.result;
            if (!st.ended) s.result.status = st.open.empty() ? "ongoing" : "pending";
            s.clocks = st.clocks();
            s.rulings = st.out.rulings.size();
            for (const auto& o : st.open) s.pending.push_back(o.pending);
            st.out.after_entry.push_back(std::move(s));
        }
    }
    for (const auto& o : st.open) st.out.pending.push_back(o.pending);
    st.out.colours_swapped = st.colours_swapped;
    if (!st.ended) st.out.result.status = st.open.empty() ? "ongoing" : "pending";
    st.out.clocks = st.clocks();
    return std::move(st.out);
}

// ---------------------------------------------------------------------------------------------------------
// JSON

nlohmann::json to_json(const Run& run) {
    auto clocks = [&](const std::array<Ms, 2>& c) {
        return json{{run.sides[0], c[0].count()}, {run.sides[1], c[1].count()}};
    };
    // Points as DESIGN.md writes them: 1 and 0 as integers, 0.5 as a fraction.
    auto points = [](double p) { return p == double(std::int64_t(p)) ? json(std::int64_t(p)) : json(p); };
    json result = {{"status", run.result.status}};
    if (run.result.score)
        result["score"] = {{run.sides[0], points((*run.result.score)[0])}, {run.sides[1], points((*run.result.score)[1])}};
    if (run.result.status == "ended") {
        result["rated"] = run.result.rated;
        result["topic"] = run.result.topic;
        result["article"] = run.result.article;
    }
    json rulings = json::array();
    for (const auto& r : run.rulings) {
        json j = {{"at", r.at.count()}, {"topic", r.topic}, {"article", r.article}, {"by", r.by},
                  {"effects", r.effects}, {"clocks_after", clocks(r.clocks_after)},
                  {"summary", {{"en", r.summary.en}, {"ja", r.summary.ja}}}};
        if (!r.note.empty()) j["note"] = r.note;
        if (!r.position.empty()) j["position"] = r.position;
        rulings.push_back(std::move(j));
    }
    json pending = json::array();
    for (const auto& p : run.pending)
        pending.push_back({{"topic", p.topic}, {"article", p.article}, {"options", p.options}, {"question", p.question}});
    json out = {{"rulebook", run.rulebook}, {"game", run.game}, {"category", run.category.empty() ? "standard" : run.category}};
    if (!run.mode.empty()) out["mode"] = run.mode;
    if (run.colours_swapped) out["colours_swapped"] = true;
    out["result"] = result;
    out["clocks"] = clocks(run.clocks);
    out["rulings"] = rulings;
    out["pending"] = pending;
    return out;
}

}  // namespace arbiter::procedure
