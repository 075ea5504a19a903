// arbiter perft: counts the leaves of the legal move tree (the standard test of a move generator).
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"
#include "cli/command.h"
#include "cli/game_choice.h"
#include "cli/position_arg.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/notation.h"
#include "core/perft_budget.h"
#include "core/position.h"
#include "report/json_stream.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

namespace arbiter::cli {

namespace {

struct PerftOptions {
    std::string game;  // empty: the game of the position (cli/game_choice.h)
    std::string position = "startpos";
    int depth = 1;
    bool bulk = false;
    bool divide = false;
    std::string format = "text";
    // Moves the count may make: a depth of 64 on any position with moves runs for centuries, and a stranger's
    // command line should end with a refusal that says how to ask for more instead of running until killed.
    std::uint64_t max_moves = 1'000'000'000;
};

// The refusal when the count needs more moves than --max-moves allows (exit 2 through the CLI).
[[noreturn]] void refuse_over_budget(const PerftOptions& o) {
    throw InputError({"--depth"}, "counting to depth " + std::to_string(o.depth) + " makes more than " +
                                      std::to_string(o.max_moves) + " moves (--max-moves); give a larger --max-moves " +
                                      "(at most " + std::to_string(UINT64_MAX) + ") or a smaller --depth");
}

// UCI where the game file writes SAN or UCI (boards of up to 64 squares); else USI, which has the UCI shape on a
// game without hands.
template <class BB>
std::string move_name(const core::BasicPosition<BB>& pos, core::Move m) {
    if constexpr (std::is_same_v<BB, core::Bitboard>)
        if (pos.definition().profile.writes(core::MoveNotation::san) || pos.definition().profile.writes(core::MoveNotation::uci))
            return core::to_uci(pos, m);
    return core::to_usi(pos, m);
}

template <class BB>
int run_perft(const PerftOptions& o, const core::GameDefinitionPtr& def) {
    using Pos = core::BasicPosition<BB>;
    // A move generator counts any position it can represent (perft suites hold positions no game reaches, such as
    // three rooks of a side in shogi); it only says so.
    Pos pos = represented_position<BB>(def, o.position, "--position");
    if (const std::string why = core::impossible_position(pos); !why.empty())
        spdlog::warn("--position: no game reaches this position ({}); counting it all the same", why);
    struct Row {
        std::string move;
        std::uint64_t nodes;
    };
    std::vector<Row> rows;
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    core::PerftBudget budget{o.max_moves};
    const core::PerftBudgetScope bounded(budget);
    if (o.divide && !pos.legal_moves().empty()) {  // a finished game has no first move to divide by
        core::Undo undo;
        for (core::Move m : pos.legal_moves()) {
            std::string name = move_name(pos, m);
            if (budget.moves_left == 0) refuse_over_budget(o);  // the first moves count as the count's own do
            --budget.moves_left;
            pos.make(m, undo);
            std::uint64_t n = pos.perft(o.depth - 1, o.bulk);
            pos.unmake(m, undo);
            if (budget.spent) refuse_over_budget(o);
            rows.push_back({name, n});
            nodes += n;
        }
    } else {
        nodes = pos.perft(o.depth, o.bulk);
        if (budget.spent) refuse_over_budget(o);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double nps = seconds > 0 ? double(nodes) / seconds : 0.0;

    if (o.format == "json") {
        nlohmann::json j;
        j["game"] = o.game;
        j["position"] = position_argument(pos);
        j["depth"] = o.depth;
        j["bulk"] = o.bulk;
        j["nodes"] = nodes;
        j["seconds"] = seconds;
        j["nodes_per_second"] = nps;
        if (o.divide) {
            j["divide"] = nlohmann::json::array();
            for (const Row& r : rows) j["divide"].push_back({{"move", r.move}, {"nodes", r.nodes}});
        }
        std::cout << report::json_stream::dump(j) << '\n';
    } else {
        for (const Row& r : rows) std::cout << r.move << ": " << r.nodes << '\n';
        if (o.divide) std::cout << '\n';
        char line[128];
        std::snprintf(line, sizeof line, "nodes: %llu\nseconds: %.3f\nnodes/s: %.0f\n", (unsigned long long)nodes, seconds, nps);
        std::cout << line;
    }
    return 0;
}

int run_perft(const PerftOptions& o, const GlobalOptions& global) {
    const rulebook::Folders folders = rulebook::rulesets_dir(global.rulesets_dir);
    PerftOptions chosen = o;
    if (chosen.game.empty()) chosen.game = game_of_position(o.position, "--position", folders);
    auto def = rulebook::load_game(chosen.game, folders);
    return core::with_bitboard(*def, [&](auto bb) { return run_perft<decltype(bb)>(chosen, def); });
}

}  // namespace

Command perft_command() {
    return {"perft", "Count the leaves of the legal move tree of a position",
            "Counts every legal move sequence of the given depth (perft), the standard exactness test of a\n"
            "move generator. --bulk counts the last ply by the length of the legal move list, as\n"
            "Stockfish's perft does. --divide prints the count below each legal first move (UCI;\n"
            "USI for games with hands such as shogi, whose positions are SFEN; othello: f5 or pass,\n"
            "positions as board strings). Othello counts a pass as a ply and a finished game as one leaf\n"
            "whatever depth is left (the published table's convention).\n"
            "The count makes at most --max-moves moves (default a billion) and otherwise stops with\n"
            "exit 2, saying to give a larger --max-moves or a smaller --depth: a deep count of a wide\n"
            "game would run for years. --bulk makes no move at the last ply.\n"
            "Without --game, the game is the one whose position notation reads --position; where several\n"
            "do (startpos is every game's; an orthodox FEN is chess's and chess960's), the one among them\n"
            "whose game file says default_game: true (chess in the bundled rulesets); else give --game.\n"
            "Example: arbiter perft --game chess --depth 5 --bulk --format json\n"
            "         arbiter perft --game othello --depth 9 --bulk",
            [](CLI::App& app, const GlobalOptions& global) {
                auto o = std::make_shared<PerftOptions>();
                app.add_option("--game", o->game, "Game (rulesets/games/<game>.yaml); default: the game of --position")
                    ->check(NonEmpty);
                app.add_option("--position", o->position, "FEN (SFEN for shogi, board string for othello), or startpos")->capture_default_str();
                app.add_option("--depth", o->depth, "Plies to count")->required()->check(CLI::Range(1, 64));
                app.add_option("--max-moves", o->max_moves,
                               "Most moves the count may make before it gives up (exit 2)")
                    ->check(WholeNumber)
                    ->check(CLI::Range(std::uint64_t(1), std::uint64_t(UINT64_MAX)))
                    ->capture_default_str();
                app.add_flag("--bulk", o->bulk, "Count the last ply by the length of the legal move list");
                app.add_flag("--divide", o->divide, "Print the count below each legal first move");
                app.add_option("--format", o->format, "text or json")
                    ->check(CLI::IsMember({"text", "json"}))
                    ->capture_default_str();
                return std::function<int()>([o, &global] { return run_perft(*o, global); });
            }};
}

}  // namespace arbiter::cli
