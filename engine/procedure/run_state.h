// The state of one run of the timeline runner, shared by the files that each implement one table of the
// vocabulary (vocabulary.h lists them). Private to engine/procedure.
#pragma once

#include "clock/clock.h"
#include "procedure/board.h"
#include "procedure/disc_count.h"
#include "procedure/lua_host.h"
#include "procedure/params.h"
#include "procedure/procedure.h"
#include "procedure/vocabulary.h"

#include <array>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace arbiter::procedure {

using nlohmann::json;

// A ruling's note in both languages (Ruling::note).
using Note = rulebook::Text;
// Adds `more` to `to`: "; " between English parts, "。" after a Japanese one.
void add_note(Note& to, const Note& more);

// A side of the board, or one of the two sentinels a role can resolve to.
enum Side : int { nobody = -1, first = 0, second = 1, both_sides = 2 };

// What an entry raises: the side it is about (offender, claimant, declarer...), the named roles, and the facts
// the conditions read.
struct Context {
    std::string topic;
    int actor = nobody;                              // offender / claimant / declarer / absent / mover
    std::map<std::string, int, std::less<>> roles;   // explicit roles (claimant of a flag claim, not the actor)
    json facts = json::object();
    std::string_view party = "offender";  // the role an arbiter's decision applies to: the claimant of a claim
    int restore_ply = -1;  // where restore_position goes back to on the board (an illegal act it holds), -1: nowhere
    bool reopens = false;  // an appeal: its ruling may replace the result of a game that has ended
};

// Caches shared across runs (one per Runner).
struct Runner::Caches {
    std::map<std::string, core::GameDefinitionPtr> games;
    std::set<const rulebook::Rulebook*> checked_books;  // checked against their game (rulebook::check_for_game)
    // The Lua states of the hooked rulebooks used last, by Lua file path, the most recent first: at most
    // MaxLiveHosts, so that memory stays bounded across many hooked rulebooks (each state may hold up to its cap).
    // Dropping one changes no output: every call runs the chunk afresh (LuaHost), so a state keeps nothing a later
    // call could see.
    static constexpr std::size_t MaxLiveHosts = 4;
    std::list<std::pair<std::string, std::unique_ptr<LuaHost>>> hosts;
    std::map<const rulebook::Effect*, json> effects;         // YAML effect -> JSON {name: fields}
    std::map<const rulebook::Case*, std::vector<std::pair<std::string, json>>> conditions;  // a case's `when`
    std::map<std::string, std::array<std::string, std::size_t(Trigger::count)>> topics;     // by game: trigger -> topic
    // The rule each trigger raises (State::rule_for) under a rulebook, category and mode, found on first use: a game
    // is ruled under few of them, and every run asks.
    struct TriggerRules {
        std::array<const rulebook::Rule*, std::size_t(Trigger::count)> rule{};
        std::array<bool, std::size_t(Trigger::count)> known{};
        std::optional<std::array<double, 3>> points;  // State::points, where the event sets no parameter
    };
    std::map<std::tuple<const rulebook::Rulebook*, const rulebook::Category*, const rulebook::Mode*>, TriggerRules> trigger_rules;
    // What hooks read (State::snapshot), kept between calls and runs and updated in place, so that a call
    // allocates nothing for it once the tree has its shape.
    struct HookSnapshot {
        json tree = json::object();
        const rulebook::Rule* params_of = nullptr;  // whose parameters `params` shows,
        std::uint64_t params_run = 0;               // in which run (the event may set them)
        std::uint64_t position_run = 0, position_version = 0;  // the board state `position` shows
        json* clock[5] = {};                                    // its clock entries: sides, then roles
        json* offences = nullptr;                               // its offence counter
        json* position[4] = {};  // its position entries: fen, side to move, ply, move number
        const void* sides = nullptr;                            // whose side names they are
        bool roles = false;                                     // whether the roles are there
    } snapshot;
    std::uint64_t runs = 0;
    AnalysisMemo analysis;  // dead-position and mating-material answers
};

struct Runner::State {
    Runner& runner;
    const Timeline& timeline;
    const rulebook::Rulebook& book;
    const rulebook::Category* category = nullptr;
    const rulebook::Mode* mode = nullptr;
    core::GameDefinitionPtr def;
    const std::array<std::string, std::size_t(Trigger::count)>* topics = nullptr;  // this game's trigger bindings
    std::unique_ptr<Board> game;
    std::uint64_t board_version = 0;  // counts the changes of the board (moves, restarts)
    mutable std::uint64_t position_version = ~std::uint64_t{0};
    mutable std::string position_cache;
    std::optional<clock::TimeControl> control;
    std::optional<clock::Clock> clk;
    Run out;
    std::map<std::string, std::array<int, 2>> offences;
    struct IllegalMove {
        int offender;
        Ms at;
        bool on_board = false;  // the board holds it (shogi): it stands unless pointed out
        bool played = false;    // on the board but ruled as one it cannot hold (chess: a move into check), so
                                // taken back when ruled and standing when not found (FIDE 2009 A.4c)
        bool stood = false;     // the game ended with it unnoticed (ruled once)
        int ply_before = -1;    // the board's ply before it (for restore_position)
        // The squares of the pieces a move the board played touched: the piece moved, a castling's rook, the piece
        // taken ("" none); the move replacing it is bound to them where the rule says (replacement_touched).
        std::string from{}, also{}, takes{};
        std::vector<std::string> discs{};  // the discs a point-out must name (unturned, overturned, displaced)
    };
    int occurrences = 0;  // automatic repetition rulings so far (the first replayed, the second decided)
    bool colours_swapped = false;
    std::optional<IllegalMove> illegal;
    std::array<bool, 2> touched{false, false};            // touched a piece since the last move
    std::array<std::string, 2> bound_square;              // a touched square that is the side's move (touch_binds)
    std::array<bool, 2> touched_since_illegal{false, false};  // ... since the illegal move held open
    std::array<bool, 2> moved_since_illegal{false, false};
    // Touch-move (touch.cpp): the first own and the first opponent piece the side to move touched this turn, and the
    // obligations the rule on touches put on them (must_move_touched, must_capture_touched).
    struct Touches {
        std::string own, opponent;  // squares; "" none touched
        std::string own_next;       // the second own piece touched (a castling's rook after the king, FIDE 4.4)
        std::string_view pair = "none";  // the fact touched_pair of own and own_next (touch.cpp)
        bool own_first = true;
        bool must_move = false, must_capture = false;
        bool joint_first = false;  // must_move_touched's joint_move_first: a move that moves another own piece first
        bool blank() const {
            return own.empty() && opponent.empty() && own_first && !must_move && !must_capture && !joint_first;
        }
    };
    std::array<Touches, 2> touches{};
    // A move that broke such an obligation, open to the opponent's claim (claim kind touch_move) until the rule's
    // deadline; what each side has done since (a move is a deliberate touch too).
    struct TouchBreach {
        int offender = nobody;
        int ply_before = -1;  // the board's ply before the move (taken back when the claim is upheld)
        Touches bound;
        std::string move;  // the move made instead, as written
        std::array<bool, 2> touched_since{false, false}, moved_since{false, false};
    };
    std::optional<TouchBreach> touch_breach;
    const TouchBreach* weighed_breach = nullptr;  // the breach a claim being weighed is about (its deadline's act)
    bool arbiter_sighting = false;  // the claim being weighed is the arbiter's own observation (observe_illegal)
    std::string observer;  // who points the act out when no player does (observe.by), while it is weighed
    // Each side's arrival (its first arrive entry's instant; 0: present from the start), found once (arrival_of).
    std::optional<std::array<std::int64_t, 2>> arrivals;
    bool held_for_absent = false;  // the clocks were stopped because the turn passed to a player not yet arrived
    std::map<std::string, int> assigned;  // rights given by `assign` entries (draw_win_right -> side)
    bool card_written = false;            // the result card ruling after the end
    bool end_declared = false;            // the end of the game was declared (entry declare game_end)
    bool result_agreed = false;           // both players agreed the result (entry agree: result)
    std::array<bool, 2> flag_seen{false, false};  // a fallen flag was ruled or noted (once per side)
    int offer_by = nobody;
    struct Open {
        Pending pending;
        const rulebook::Rule* rule;
        Context ctx;
    };
    std::vector<Open> open;
    // Rules to be ruled again after more moves (recheck_after_moves), with the situation they were first ruled on.
    struct Recheck {
        const rulebook::Rule* rule;
        Context ctx;
        int moves_left;
    };
    std::vector<Recheck> rechecks;
    const Entry* entry = nullptr;
    Ms now{0};
    bool ended = false;
    // Points the arbiter took from or gave to each side before the game ended (reduce_points,
    // raise_opponent_points): applied to the result's score when it ends, within 0 .. the points of a win.
    std::array<double, 2> point_change{0, 0};
    std::array<bool, 2> points_to_most{false, false};
    const std::uint64_t serial;  // this run among the Runner's runs (what the kept hook snapshot shows)
    // What rule_for found, kept by the Runner for the run's rulebook, category and mode (set once they are chosen),
    // and the after-move parameters, kept for the run (the event's settings may change them): they do not change
    // during a run, and they are asked after every move. Filled on first use, where the lookup was made before, so
    // an event value that cannot be read fails at the same entry.
    Caches::TriggerRules* trigger_rules = nullptr;
    struct WholeParam {
        bool known = false;
        std::optional<int> value;  // the parameter as a whole number (json get<int>), none when not a number
    };
    mutable std::array<WholeParam, 3> move_params{};  // board_repetition, board_move_rule, board_move_limit
    // The next entry's move, read by after_move (a legal one shows that the side to move has a move, which spares
    // the board's search for one) and taken by on_move for that entry's text while the board is still the one it
    // was read on.
    struct Ahead {
        const Entry* entry = nullptr;  // whose text was read; null: none
        std::uint64_t version = 0;     // board_version
        int ply = 0;
        core::ParsedMove parsed;
    } ahead;

    State(Runner& r, const Timeline& t, const rulebook::Rulebook& b)
        : runner(r), timeline(t), book(b), serial(++r.caches_->runs) {}

    const rulebook::Registry& registry() const { return runner.library_.registry(); }

    // ---- rules and parameters (runner.cpp)
    const rulebook::Rule* rule(std::string_view topic) const;
    const std::string& topic_of(Trigger trigger) const { return (*topics)[std::size_t(trigger)]; }
    const rulebook::Rule* rule_for(Trigger trigger) const;
    // A parameter read after every move, as a whole number (none when the rule or a number is missing), kept in
    // move_params[slot].
    std::optional<int> move_param(std::size_t slot, Trigger trigger, std::string_view name) const {
        const WholeParam& p = move_params[slot];
        return p.known ? p.value : find_move_param(slot, trigger, name);
    }
    std::optional<int> find_move_param(std::size_t slot, Trigger trigger, std::string_view name) const;
    json param_value(const rulebook::Rule& r, std::string_view name) const;
    json param_default(std::string_view topic, std::string_view name) const;  // the registry's, for an omitted one
    static json param_json(const rulebook::Value& v);
    json param_of(Trigger trigger, std::string_view name) const;
    json param_of(const params::Name& name) const;  // a parameter of a topic nothing raises (read where it acts)
    json resolve(const rulebook::Rule& r, const json& v) const;
    static std::optional<std::int64_t> as_ms(const json& v);
    std::array<double, 3> points() const;
    int repetition_occurrences() const;

    // ---- sides, clocks, roles (runner.cpp)
    int side_of(std::string_view name) const;
    const std::string& side_name(int side) const { return def->side_names[side & 1]; }
    int to_move() const { return game ? game->side_to_move() : 0; }
    const std::string& position_text() const;
    Ms shown(int side) const;
    std::array<Ms, 2> clocks() const { return {shown(0), shown(1)}; }
    bool flag_down(int side) const;
    // Neither side can move on the board (a placement game's disc_count analysis); false in other games.
    bool neither_can_move() const {
        const DiscFacts* discs = game->capability<DiscFacts>();
        return discs && discs->neither_can_move();
    }
    int role_side(std::string_view role, const Context& ctx) const;
    // Starts `side`'s clock unless it runs (stopping the other's). Inline: a move in turn, asked for every move of an
    // archive, finds its clock running and needs no call.
    void ensure_running(int side) {
        if (clk && clk->running() != side) start_running(side);
    }
    void start_running(int side);
    // Every clock operation's status is read: one the clock refuses is an error at the entry that asked for it.
    void on_clock(clock::Op op, std::string_view what) const;

    // ---- rulings (runner.cpp)
    int raise(Trigger trigger, const Context& ctx, int by, const Note& note = {}, bool needs_answer = false);
    int apply_rule(const rulebook::Rule& r, Context ctx, int by, const Note& note = {});
    Ruling& note_only(const std::string& topic, int by, const Note& note);
    Ruling& note_rule(const rulebook::Rule& r, int by, const Note& note);
    // A name in a Japanese note: a side or role, effect, option, condition, claimant, deadline, trigger or topic in
    // the registry's Japanese words (up to its first full stop); a name the registry lacks as it is.
    std::string ja(std::string_view name) const;
    std::string ja_side(int side) const { return ja(side_name(side)); }
    std::string observer_ja(const std::string& who) const;  // illegal.cpp
    // "rulebook <id> has no rule on <topic>; nothing follows", in both languages.
    Note no_rule_on(const std::string& topic) const {
        return {"rulebook " + book.id + " has no rule on " + topic + "; nothing follows",
                "規則 " + book.id + " には「" + ja(topic) + "」の規定がない。何も変わらない"};
    }
    void end_game(const std::array<double, 2>& score, bool rated, const std::string& topic, const std::string& article);
    // A result's score with the arbiter's point changes (point_change, points_to_most) applied (decisions.cpp).
    std::array<double, 2> adjusted_score(std::array<double, 2> score) const;

    // ---- conditions (conditions.cpp)
    std::optional<bool> condition(const rulebook::Rule& r, const std::string& name, const json& raw, const Context& ctx);
    const rulebook::Case* match(const rulebook::Rule& r, const Context& ctx);

    // ---- effects (effects.cpp); a hook's effects (hook_snapshot.cpp)
    const json& effect_json(const rulebook::Effect& e);
    void apply(const rulebook::Rule& r, const json& effect, const Context& ctx, Ruling& ruling, int depth = 0);
    void apply_hook(const rulebook::Rule& r, const json& fields, const Context& ctx, Ruling& ruling, int depth);
    LuaHost& host(const rulebook::Rule& r);
    const json& snapshot(const rulebook::Rule& r, const Context& ctx);

    // ---- entries (entries.cpp)
    InputError error(const std::string& message, const YAML::Node& at = YAML::Node()) const;
    int read_side(const YAML::Node& node) const;
    void on_entry();
    // Run::traditional_moves for the current move entry: `parsed` before it is made; an entry never made (a flag
    // fell first) read again on the position it was to be made on.
    void note_traditional(const core::ParsedMove& parsed);
    void note_unmade_move();
    void on_move(const std::optional<std::string>& written = std::nullopt);
    void after_move(int mover);
    bool read_ahead();
    void on_game_rule_end(Trigger trigger, int mover, core::NoMovesResult result);
    // ---- touch-move (touch.cpp)
    void on_touch();
    void check_touch_obligation(int mover, const core::ParsedMove& parsed, const std::string& text);
    std::string_view touched_pair(const Touches& t) const;
    void claim_touch_move(int claimant, const YAML::Node& v);
    // must_move_touched / must_capture_touched: bind the touching side (at a claim, after taking the breach back).
    Note bind_touch(const Context& ctx, bool capture, bool joint_first = false);
    // The move replacing an illegal move taken back, bound to the pieces that move touched (replacement_touched).
    void bind_replacement(const IllegalMove& found);
    void note_touched_by(const core::ParsedMove& parsed);  // the squares an illegal move the board plays touched
    void on_incident();
    void on_arbiter();
    void on_appeal();
    void answer_open(const YAML::Node& v);  // the open decision answered by v (its decision and fields)
    bool started_by_press() const;
    Ms clock_start() const;
    std::int64_t arrival_of(int side);
    void hold_for_absent(int side);

    // ---- claims (claims.cpp)
    void on_claim();
    // Whether the rule's claimant set admits the observer `who` (arbiter, recorder, witness, spectator).
    bool admits_observer(const rulebook::Rule& r, const std::string& who, const Context& ctx);
    // The rule's claim deadline is counted in moves from the act (claims.cpp within_last_moves).
    bool deadline_since_act(const rulebook::Rule& r) const;
    bool deadline_outlasts_end(const rulebook::Rule& r) const;
    bool admissible(const rulebook::Rule& r, int claimant, const Context& ctx, const std::string& kind);
    void flag_fall(int offender, int claimant, bool fallen, int by);
    void check_flags();
    void on_observe();
    std::optional<bool> is_listed_book_draw() const;
    void claim_stands_as_offer(int claimant);

    // ---- illegal moves and acts (illegal.cpp)
    void find_illegal_by_arbiter();
    void on_illegal_move_held();
    void hold_illegal(int offender, bool on_board, int ply_before);
    void take_back_illegal(int ply_before);
    // A claim made after the end that its rule still admits: the rule may overturn the result; if it does not,
    // the result stands as it was.
    void after_the_end(const std::function<void()>& claim);
    bool claim_open_after_end() const;
    void observe_flag(const YAML::Node& v);
    bool rule_both_flags(int by, bool order_known, const Note& note);
    Impasse add_count_facts(const rulebook::Rule& r, int actor, Context& ctx) const;
    Context illegal_move_context(bool in_time, bool official_record, bool before_next_round) const;
    void point_out_illegal(int claimant, const std::string& who, const YAML::Node& v);
    void observe_illegal(const std::string& who);
    bool claimant_in_set(const rulebook::Rule& r, int claimant, const Context& ctx) const;  // claims.cpp
    void illegal_move_stood();
    Irregularity read_irregularity(const YAML::Node& v) const;
    void on_irregular_move(const std::string& text, Irregularity act);
    void add_point_out_facts(const rulebook::Rule& r, const YAML::Node& v, Context& ctx) const;
    void lapse_on_move(int mover);
    void lapse_illegal(const Note& why, bool kept = false);
    void observe_illegal_position(const std::string& who);
    void run_rechecks();

    // ---- declarations, counting, rights, presses, result cards (counting.cpp)
    void on_declare(int declarer);
    void on_counted_end(int by);
    // The board's count credited for `winner` as `credit` says, kept as the result's discs; the note says how.
    Note credit_count(const PieceCount& board, int winner, const DiscCredit& credit);
    int result_winner() const;  // the side the result gives more points, or nobody (not over, drawn)
    void on_declare_end(int by);
    void on_assign();
    void on_press(int side);
    void write_result_card();
};

}  // namespace arbiter::procedure
