// The timeline runner: replays a timeline's entries through the board and the clock, raises the trigger each
// entry or board event means (the registry says which topic that is), and applies what the rulebook says follows:
// cases (first match), ladders (per offender per topic), effects, discretion (pending unless the timeline gives
// the arbiter's decision) and Lua hooks. This file holds the run itself and what every table shares: rule and
// parameter lookup, sides and roles, and the making of rulings.
#include "rulebook/game_loader.h"
#include "rulebook/validate.h"
#include "procedure/run_state.h"
#include "procedure/tables.h"

#include "core/game_files.h"
#include "rulebook/category_basis.h"
#include "rulebook/loader.h"
#include "rulebook/schema.h"
#include "rulebook/stated_time_control.h"
#include "rulebook/warnings.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace arbiter::procedure {

using rulebook::location_of;

// ---------------------------------------------------------------------------------------------------------
// Category selection

std::string select_category(const rulebook::Rulebook& book, const rulebook::Event& event,
                            const std::optional<clock::TimeControl>& control) {
    if (!event.category.empty()) return event.category;
    if (!control || book.categories.empty()) return {};
    // The moves the increment is counted for: the header's category_basis, else the rule's basis_moves (the same
    // answer `arbiter clock` and the event check give).
    const int basis = rulebook::category_basis_moves(book).value_or(0);
    const auto time = clock::time_for_moves(*control, basis, book.category_basis_delay);
    if (!time) return {};
    for (const auto& [name, cat] : book.categories) {
        const auto& w = cat.when;
        if (!w.over && !w.at_least && !w.under && !w.at_most) continue;
        if (w.over && !(*time > *w.over)) continue;
        if (w.at_least && !(*time >= *w.at_least)) continue;
        if (w.under && !(*time < *w.under)) continue;
        if (w.at_most && !(*time <= *w.at_most)) continue;
        spdlog::debug("{}: category {} ({}): {} for {} moves is within its bounds", book.id, name, cat.article, clock::format_duration(*time), basis);
        return name;
    }
    return {};
}

Runner::Runner(const rulebook::Library& library, RunOptions options)
    : library_(library), options_(std::move(options)), caches_(std::make_unique<Caches>()) {}
Runner::~Runner() = default;

// ---------------------------------------------------------------------------------------------------------
// Rules and parameters

const rulebook::Rule* Runner::State::rule(std::string_view topic) const {
    if (topic.empty()) return nullptr;
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

const rulebook::Rule* Runner::State::rule_for(Trigger trigger) const {
    if (!trigger_rules) return rule(topic_of(trigger));
    const std::size_t i = std::size_t(trigger);
    if (!trigger_rules->known[i]) {
        trigger_rules->rule[i] = rule(topic_of(trigger));
        trigger_rules->known[i] = true;
    }
    return trigger_rules->rule[i];
}

std::optional<int> Runner::State::find_move_param(std::size_t slot, Trigger trigger, std::string_view name) const {
    WholeParam& p = move_params[slot];
    if (const json n = param_of(trigger, name); n.is_number()) p.value = n.get<int>();
    p.known = true;
    return p.value;
}

// The value the registry gives a parameter that the rule on `topic` omits (topics.yaml `default`), or null.
json Runner::State::param_default(std::string_view topic, std::string_view name) const {
    const auto* t = registry().topic(topic);
    const auto* spec = t ? t->param(name) : nullptr;
    if (!spec || !(spec->default_value.IsDefined() && !spec->default_value.IsNull())) return nullptr;
    return param_json(rulebook::read_value(spec->unit, spec->default_value, registry().file(), spec->name));
}

json Runner::State::param_json(const rulebook::Value& v) {
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

json Runner::State::param_value(const rulebook::Rule& r, std::string_view name) const {
    const rulebook::Param* p = r.param(name);
    if (!p) return param_default(r.topic, name);
    // The rulebook's value is read in place (a copy of its text per question cost an allocation); the event's
    // setting, where there is one, is read into `set`.
    const rulebook::Value* shown = &p->value;
    rulebook::Value set;
    for (const auto& s : timeline.event.set)
        if (s.topic == r.topic && s.param == name) {
            set = rulebook::read_value(shown->unit, s.value, timeline.event.file, s.topic + "." + s.param);
            shown = &set;
        }
    return param_json(*shown);
}

json Runner::State::param_of(Trigger trigger, std::string_view name) const {
    const auto* r = rule_for(trigger);
    return r ? param_value(*r, name) : param_default(topic_of(trigger), name);
}

json Runner::State::param_of(const params::Name& name) const {
    const std::string& topic = registry().setting_topic(name.mechanism);
    const auto* r = rule(topic);
    return r ? param_value(*r, name.name) : param_default(topic, name.name);
}

// A value in an effect or a condition: literal, or {param: name}.
json Runner::State::resolve(const rulebook::Rule& r, const json& v) const {
    if (v.is_object() && v.size() == 1 && v.contains("param")) return param_value(r, v["param"].get<std::string>());
    return v;
}

std::optional<std::int64_t> Runner::State::as_ms(const json& v) {
    if (v.is_number_integer()) return v.get<std::int64_t>();
    if (v.is_string()) {
        auto d = clock::parse_duration(v.get<std::string>());
        if (d) return d->count();
    }
    return std::nullopt;
}

// Points for a win, a draw and a loss: the rulebook's scoring rule, else the registry's defaults (topics.yaml).
std::array<double, 3> Runner::State::points() const {
    // The same under a rulebook, category and mode unless the event sets parameters: kept with the trigger rules.
    const bool keep = trigger_rules && timeline.event.set.empty();
    if (keep && trigger_rules->points) return *trigger_rules->points;
    std::array<double, 3> pts{};
    const params::Name* names[] = {&params::score_win, &params::score_draw, &params::score_loss};
    for (int i = 0; i < 3; ++i) {
        const json v = param_of(*names[i]);
        if (!v.is_number())
            throw InputError({registry().file(), 0, 0}, "the scoring parameter '" + std::string(names[i]->name) +
                                                            "' has neither a rule's value nor a default; expected a default in the registry");
        pts[std::size_t(i)] = v.get<double>();
    }
    if (keep) trigger_rules->points = pts;
    return pts;
}

// Occurrences of a position that allow a repetition claim: the rule's parameter, else the game's (3 in chess).
int Runner::State::repetition_occurrences() const {
    if (auto n = param_of(Trigger::claim_repetition, params::claim_occurrences.name); n.is_number())
        return int(n.get<std::int64_t>());
    return def->repetition_claim;
}

// ---------------------------------------------------------------------------------------------------------
// Sides, clocks and roles

int Runner::State::side_of(std::string_view name) const {
    for (int i = 0; i < 2; ++i)
        if (def->side_names[std::size_t(i)] == name) return i;
    return nobody;
}

// The position's text, written once per board state: every ruling carries it, and so does a hook's snapshot.
const std::string& Runner::State::position_text() const {
    if (position_version != board_version) {
        position_cache = game ? game->position_text() : std::string();
        position_version = board_version;
    }
    return position_cache;
}

Ms Runner::State::shown(int side) const {
    if (!clk) return Ms{0};
    return std::max(Ms{0}, clk->shown(side, now));
}

bool Runner::State::flag_down(int side) const {
    return clk && (side == 0 || side == 1) && clk->flag_fell(side, now).has_value();
}

// The side a role names in this situation (registry `roles`): the actor's roles, the opponent, the holder of an
// assigned right, the side to move, both, or a side by name.
int Runner::State::role_side(std::string_view role, const Context& ctx) const {
    if (auto it = ctx.roles.find(role); it != ctx.roles.end()) return it->second;
    static const std::pair<std::string_view, int> roles[] = {
        {"offender", 0}, {"claimant", 0}, {"declarer", 0}, {"absent", 0}, {"mover", 0},
        {"opponent", 1}, {"present", 1}, {"to_move", 2}, {"both", 3}};
    for (const auto& [name, kind] : roles) {
        if (name != role) continue;
        switch (kind) {
            case 0: return ctx.actor;
            case 1: return ctx.actor < 0 ? nobody : 1 - ctx.actor;
            case 2: return to_move();
            default: return both_sides;
        }
    }
    // A role that names the holder of a right (the registry's `holds`): the side an assign entry gave it.
    if (const auto right = registry().right_held_by(role); !right.empty()) {
        const auto it = assigned.find(std::string(right));
        return it == assigned.end() ? nobody : it->second;
    }
    return side_of(role);
}

void Runner::State::on_clock(clock::Op op, std::string_view what) const {
    if (op == clock::Op::ok) return;
    throw InputError(entry ? timeline.place(*entry) : SourceLocation{timeline.file, 0, 0},
                     "the clock cannot " + std::string(what) + " here: " + std::string(clock::describe(op)));
}

void Runner::State::start_running(int side) {
    if (clk->running()) on_clock(clk->stop(now), "stop");
    on_clock(clk->start(side, now), "start");
}

// ---------------------------------------------------------------------------------------------------------
// Rulings

void Runner::State::end_game(const std::array<double, 2>& score, bool rated, const std::string& topic, const std::string& article) {
    ended = true;
    out.result.status = Status::ended;
    out.result.score = adjusted_score(score);
    out.result.rated = rated;
    out.result.topic = topic;
    out.result.article = article;
    if (clk && clk->running()) on_clock(clk->stop(now), "stop");
    open.clear();
}

void add_note(Note& to, const Note& more) {
    if (more.en.empty() && more.ja.empty()) return;
    to.en += (to.en.empty() ? "" : "; ") + more.en;
    // A part with no Japanese (a writer's note) joins in its own words.
    const std::string& ja = more.ja.empty() ? more.en : more.ja;
    to.ja += (to.ja.empty() || to.ja.ends_with("。") ? "" : "。") + ja;
}

std::string Runner::State::ja(std::string_view name) const {
    const rulebook::Registry& reg = registry();
    const rulebook::Text* text = nullptr;
    if (const auto* r = reg.role(name)) text = &r->text;
    else if (const auto* e = reg.effect(name)) text = &e->text;
    else if (const auto* o = reg.option(name)) text = &o->text;
    else if (const auto* c = reg.condition(name)) text = &c->text;
    else if (const auto* c = reg.claimant(name)) text = &c->text;
    else if (const auto* d = reg.deadline(name)) text = &d->text;
    else if (const auto* t = reg.trigger(name)) text = &t->text;
    else if (const auto* t = reg.topic(name)) text = &t->text;
    if (!text || text->ja.empty()) return std::string(name);
    const std::size_t stop = text->ja.find("。");
    return stop == std::string::npos ? text->ja : text->ja.substr(0, stop);
}

// A ruling that answers an entry without applying any rule (nothing to claim, nobody entitled).
Ruling& Runner::State::note_only(const std::string& topic, int by, const Note& note) {
    Ruling ruling;
    ruling.at = now;
    ruling.topic = topic;
    // A note still cites the article the rulebook gives the topic, when it has one: the reader finds the rule
    // that did not apply (a flag nobody claimed is the flag rule's matter).
    if (const auto* r = rule(topic)) ruling.article = r->article;
    ruling.by = by == 0 || by == 1 ? side_name(by) : std::string();
    ruling.note = note;
    ruling.clocks_after = clocks();
    out.rulings.push_back(std::move(ruling));
    return out.rulings.back();
}

// The same, naming the rule's article and summary.
Ruling& Runner::State::note_rule(const rulebook::Rule& r, int by, const Note& note) {
    Ruling& ruling = note_only(r.topic, by, note);
    ruling.article = r.article;
    ruling.summary = r.summary;
    return ruling;
}

// Applies `r` to the situation `ctx`; returns the ruling index, or -1 when the rule says nothing here
// (no case matched and it has no effects, ladder, hook or discretion).
int Runner::State::apply_rule(const rulebook::Rule& r, Context ctx, int by, const Note& note) {
    ctx.topic = r.topic;
    Ruling ruling;
    ruling.at = now;
    ruling.topic = r.topic;
    ruling.article = r.article;
    ruling.summary = r.summary;
    ruling.by = by >= 0 && by <= 1 ? side_name(by) : std::string();
    ruling.note = note;
    // The effects as the cache keeps them (effect_json), the rule's own hook among them.
    std::vector<const json*> effects;
    bool discretion = false;
    if (const auto* c = match(r, ctx)) {
        if (!c->article.empty()) ruling.article = c->article;
        if (!c->summary.empty()) ruling.summary = c->summary;
        for (const auto& kv : c->when) ruling.held.push_back(kv.first.Scalar());
        for (const auto& e : c->effects) effects.push_back(&effect_json(e));
    } else {
        for (const auto& e : r.effects) effects.push_back(&effect_json(e));
        if (!r.ladder.empty() && ctx.actor >= 0 && ctx.actor <= 1) {
            const int n = ++offences[r.topic][std::size_t(ctx.actor)];
            const auto& step = r.ladder[std::min<std::size_t>(std::size_t(n), r.ladder.size()) - 1];
            for (const auto& e : step.effects) effects.push_back(&effect_json(e));
            if (!step.summary.empty()) ruling.summary = step.summary;
            add_note(ruling.note, {"offence " + std::to_string(n), std::to_string(n) + "回目の反則"});
        }
        if (!r.hook.empty()) effects.push_back(&effect_json(r.hook_call));
        discretion = r.discretion.has_value() && !ctx.facts.contains("arbiter_decision");
        if (effects.empty() && !discretion) return -1;
    }
    const std::size_t index = out.rulings.size();
    out.rulings.push_back(std::move(ruling));
    // Apply after the ruling is in place (apply() may end the game with its topic and article).
    Ruling& ref = out.rulings.back();
    for (const json* e : effects) {
        // Once the game is over only what records it (the discs counted) still applies; the rest would change a
        // game that has ended.
        if (ended && !ctx.reopens && !records_the_end(e->begin().key())) continue;
        apply(r, *e, ctx, ref);
    }
    if (discretion && (!ended || ctx.reopens)) {
        Pending p{r.topic, ref.article, r.discretion->options, r.discretion->summary.en};
        open.push_back({p, &r, ctx});
    }
    ref.clocks_after = clocks();
    return int(index);
}

// Raises the topic the registry binds to `trigger` for this game. With no rule on it nothing happens; an entry
// that needs an answer (a claim) gets a note saying so.
int Runner::State::raise(Trigger trigger, const Context& ctx, int by, const Note& note, bool needs_answer) {
    const std::string& topic = topic_of(trigger);
    const auto* r = rule_for(trigger);
    if (r) return apply_rule(*r, ctx, by, note);
    if (!needs_answer) return -1;
    const std::string trigger_id(trigger_name(trigger));
    note_only(topic.empty() ? trigger_id : topic, by,
              topic.empty() ? Note{"the registry binds no topic of " + book.game + " to " + trigger_id + "; nothing follows",
                                   "登録簿はこのゲームの「" + ja(trigger_id) + "」に論点を割り当てていない。何も変わらない"}
                            : no_rule_on(topic));
    return int(out.rulings.size()) - 1;
}

// ---------------------------------------------------------------------------------------------------------
// The run

namespace {

// The time control: the event's, else the one the rulebook states (clock.time_control main_time, byoyomi).
std::optional<clock::TimeControl> time_control_of(const Timeline& timeline, const rulebook::Rulebook& book) {
    if (timeline.event.time_control.IsDefined() && !timeline.event.time_control.IsNull()) {
        auto parsed = clock::parse_yaml_time_control(timeline.event.time_control);
        if (!parsed)
            throw InputError(location_of(timeline.event.file, timeline.event.time_control), "time_control: " + parsed.error.message);
        rulebook::warn_short_main_time(timeline.event.file, timeline.event.time_control, *parsed);
        return *parsed;
    }
    return rulebook::stated_time_control(book);
}

}  // namespace

Run Runner::run(const Timeline& timeline, const rulebook::Rulebook& book, const WrapBoard& wrap_board) {
    State st(*this, timeline, book);
    st.out.rulebook = book.id;
    st.out.article_labels = book.article_labels;
    st.out.game = book.game;
    // The event's variant (chess960) is a game file the rulebook's game rules (its ruled_as): its board is played.
    const std::string& game = timeline.event.variant.empty() ? book.game : timeline.event.variant;
    auto& def = caches_->games[game];
    if (!def) {
        const auto dir = options_.rulesets.empty() ? library_.folder_of_game(game) : options_.rulesets;
        def = rulebook::load_game(game, dir);
    }
    if (game != book.game && def->profile.ruled_as != book.game)
        throw InputError(location_of(timeline.event.file, timeline.event.node["variant"]),
                         "variant: the game '" + game + "' is not ruled as " + book.game +
                             " (its game file's ruled_as is '" + def->profile.ruled_as +
                             "'); expected a variant of the rulebook " + book.id + "'s game");
    // A rulebook not checked by `validate` against its game (count in chess) is refused before it rules anything.
    if (caches_->checked_books.insert(&book).second) rulebook::check_for_game(book, *def);
    st.def = def;
    st.out.definition = def;
    // Which topic each trigger raises in this game: the registry's raised_by, found once per game.
    auto [bound, fresh] = caches_->topics.try_emplace(book.game);
    if (fresh)
        for (std::size_t i = 0; i < std::size_t(Trigger::count); ++i)
            if (const auto* topic = library_.registry().raised(trigger_name(Trigger(i)), book.game))
                bound->second[i] = topic->name;
    st.topics = &bound->second;
    st.out.sides = {def->side_names[0], def->side_names[1]};
    st.game = make_board(def, timeline.start, timeline.file, &caches_->analysis);
    // A timeline rules play from its start: a written start the board already ends has no game left to rule (a dead
    // position is left to the rulebook, whose claims and flags still apply there). A game's own start is play.
    if (const BoardEnd end = timeline.start.IsMap() ? st.game->end_after_move() : BoardEnd::none;
        end != BoardEnd::none && end != BoardEnd::dead_position)
        throw InputError(location_of(timeline.file, timeline.start),
                         std::string("start: the game is already over in this position (") +
                             (end == BoardEnd::checkmate   ? "checkmate"
                              : end == BoardEnd::stalemate ? "stalemate"
                                                           : "neither side can move") +
                             "); start from an earlier position and enter the moves that lead to it");
    if (wrap_board) st.game = wrap_board(std::move(st.game), &caches_->analysis);
    st.control = time_control_of(timeline, book);
    st.out.category = select_category(book, timeline.event, st.control);
    rulebook::warn_category_against_time(timeline.event, book, st.control);
    spdlog::debug("{}: rulebook {}, category '{}'{}", timeline.file, book.id, st.out.category, timeline.event.category.empty() ? "" : " (named by the event)");
    if (auto it = book.categories.find(st.out.category); it != book.categories.end()) {
        st.category = &it->second;
        st.out.category_title = it->second.title;
    }
    // An event that states adequate supervision plays a category that says so under the base rules (FIDE 2009 A.3);
    // the category's name stays, as the time control still makes the game one of it.
    if (st.category && st.category->base_rules_when_supervised && timeline.event.supervision == "adequate") {
        spdlog::debug("{}: adequate supervision: category '{}' played under the base rules", timeline.file, st.out.category);
        st.category = nullptr;
    }
    st.out.mode = timeline.event.mode.empty() ? book.default_mode : timeline.event.mode;
    if (auto it = book.modes.find(st.out.mode); it != book.modes.end()) st.mode = &it->second;
    st.trigger_rules = &caches_->trigger_rules[{&book, st.category, st.mode}];
    // What makes positions "the same" for a repetition claim (FIDE 2001 9.2 castling rights; 2009 9.2 possible moves).
    if (st.param_of(Trigger::claim_repetition, params::castling.name) == "possible_moves")
        st.game->set_castling_identity(core::CastlingIdentity::possible_moves);
    if (st.control && st.control->is_timed()) {
        st.clk.emplace(*st.control);
        if (!st.started_by_press()) st.on_clock(st.clk->start(st.game->side_to_move(), st.clock_start()), "start");
    }
    for (const auto& e : timeline.entries) {
        st.entry = &e;
        st.now = e.at;
        const std::size_t before = st.out.rulings.size();
        // The checks below do nothing without a clock, after the end, or while no flag can have fallen (flags_up,
        // inline): a plain move costs no calls.
        if (st.clk && !st.ended && !st.clk->flags_up(e.at)) st.check_flags();
        const std::uint64_t version_before = st.board_version;
        st.on_entry();
        // A move entry that raised a ruling but was never made (its mover's flag had fallen): written as Japanese
        // output prints it, on the position it was to be made on.
        if (st.out.rulings.size() > before && st.board_version == version_before && e.action == "move")
            st.note_unmade_move();
        if (st.ended) {
            st.illegal_move_stood();
            st.write_result_card();
        }
        for (std::size_t i = before; i < st.out.rulings.size(); ++i) {
            st.out.rulings[i].entry = int(&e - timeline.entries.data());
            if (options_.ruling_positions) st.out.rulings[i].position = st.position_text();
        }
        if (options_.keep_snapshots) {
            Run::Snapshot s;
            s.result = st.out.result;
            if (!st.ended) s.result.status = st.open.empty() ? Status::ongoing : Status::pending;
            s.clocks = st.clocks();
            s.rulings = st.out.rulings.size();
            for (const auto& o : st.open) s.pending.push_back(o.pending);
            st.out.after_entry.push_back(std::move(s));
        }
    }
    for (const auto& o : st.open) st.out.pending.push_back(o.pending);
    st.out.colours_swapped = st.colours_swapped;
    if (!st.ended) st.out.result.status = st.open.empty() ? Status::ongoing : Status::pending;
    st.out.clocks = st.clocks();
    return std::move(st.out);
}

}  // namespace arbiter::procedure
