// arbiter analyze: what the laws say about a position (legal moves, check, mate, stalemate,
// insufficient material, dead position, who can still checkmate).
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"
#include "cli/command.h"
#include "cli/game_choice.h"
#include "core/record/bounded_read.h"
#include "cli/position_arg.h"
#include "core/analysis.h"
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/relative_notation.h"
#include "core/notation.h"
#include "core/placement_game.h"
#include "core/unwinnable.h"
#include "core/position.h"
#include "report/json_stream.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>
#include <memory>

namespace arbiter::cli {

namespace {

struct AnalyzeOptions {
    std::string game;  // empty: the game of the (first) position (cli/game_choice.h)
    std::string position;
    std::string positions_file;
    std::string format = "text";
};

nlohmann::json analyze(const core::Position& pos) {
    const core::GameDefinition& g = pos.definition();
    const core::MoveList legal = pos.legal_moves();
    nlohmann::json j;
    j["fen"] = pos.fen();
    j["side_to_move"] = g.side_names[pos.side_to_move()];
    j["legal_moves"] = nlohmann::json::array();
    j["legal_moves_san"] = nlohmann::json::array();
    for (core::Move m : legal) {
        j["legal_moves"].push_back(core::to_uci(pos, m));
        j["legal_moves_san"].push_back(core::to_san(pos, m));
    }
    const bool check = pos.is_check();
    j["legal_move_count"] = legal.size();
    j["check"] = check;
    j["checkmate"] = check && legal.empty();
    j["stalemate"] = !check && legal.empty();
    j["halfmove_clock"] = pos.halfmove_clock();
    j["insufficient_material"] = pos.is_insufficient_material();
    j["has_insufficient_material"] = {{g.side_names[0], pos.has_insufficient_material(core::first)},
                                      {g.side_names[1], pos.has_insufficient_material(core::second)}};
    // Who can still checkmate "by any series of legal moves" (FIDE 5.2b, 6.9): the unwinnability analysis (material
    // table, structure, helpmate search within its budget), not only the material table.
    auto winnable = [](core::Winnability w) -> nlohmann::json {
        if (w == core::Winnability::unknown) return "unknown";
        return w == core::Winnability::can_checkmate;
    };
    const core::Winnability a = core::can_checkmate(pos, core::first);
    const core::Winnability b = core::can_checkmate(pos, core::second);
    j["can_checkmate"] = {{g.side_names[0], winnable(a)}, {g.side_names[1], winnable(b)}};
    j["dead"] = a == core::Winnability::cannot_checkmate && b == core::Winnability::cannot_checkmate;
    return j;
}

// Placement games (othello): legal moves, a forced pass, the end of the game, the counts and the result.
nlohmann::json analyze_placement(const core::Position& pos) {
    const core::GameDefinition& g = pos.definition();
    const core::MoveList legal = pos.legal_moves();
    nlohmann::json j;
    j["board"] = core::board_string(pos);
    j["side_to_move"] = g.side_names[pos.side_to_move()];
    j["legal_moves"] = nlohmann::json::array();
    for (core::Move m : legal)
        if (m.kind() != core::MoveKind::pass) j["legal_moves"].push_back(core::to_uci(pos, m));
    j["legal_move_count"] = j["legal_moves"].size();
    j["must_pass"] = core::must_pass(pos);
    const bool over = core::is_placement_game_over(pos);
    j["game_over"] = over;
    const core::PieceCount c = core::count_pieces(pos);
    j["pieces"] = {{g.side_names[0], c.pieces[0]}, {g.side_names[1], c.pieces[1]}};
    j["empty"] = c.empty;
    if (over) {
        const core::PlacementResult r = core::placement_result(pos);
        j["result"] = {{"winner", r.winner ? nlohmann::json(g.side_names[*r.winner]) : nlohmann::json(nullptr)},
                       {"score", {{g.side_names[0], r.score[0]}, {g.side_names[1], r.score[1]}}}};
    } else {
        j["result"] = nullptr;
    }
    return j;
}

void print_placement_text(const nlohmann::json& j, const core::GameDefinition& g) {
    std::cout << "position:     " << j["board"].get<std::string>() << '\n';
    std::cout << "side to move: " << j["side_to_move"].get<std::string>() << '\n';
    std::cout << "legal moves (" << j["legal_move_count"].get<int>() << "):";
    for (const auto& m : j["legal_moves"]) std::cout << ' ' << m.get<std::string>();
    std::cout << '\n';
    std::cout << "must pass:    " << (j["must_pass"].get<bool>() ? "yes" : "no") << '\n';
    std::cout << "game over:    " << (j["game_over"].get<bool>() ? "yes" : "no") << '\n';
    for (int c = 0; c < 2; ++c) std::cout << g.side_names[c] << ": " << j["pieces"][g.side_names[c]].get<int>() << "  ";
    std::cout << "empty: " << j["empty"].get<int>() << '\n';
    if (!j["result"].is_null()) {
        const auto& r = j["result"];
        std::cout << "result:       " << (r["winner"].is_null() ? std::string("draw") : r["winner"].get<std::string>() + " wins")
                  << ' ' << r["score"][g.side_names[0]].get<int>() << '-' << r["score"][g.side_names[1]].get<int>() << '\n';
    }
}

void print_text(const nlohmann::json& j, const core::GameDefinition& g) {
    auto yes = [](const nlohmann::json& v) { return v.is_boolean() ? (v.get<bool>() ? "yes" : "no") : "unknown"; };
    std::cout << "position:              " << j["fen"].get<std::string>() << '\n';
    std::cout << "side to move:          " << j["side_to_move"].get<std::string>() << '\n';
    std::cout << "legal moves (" << j["legal_move_count"].get<int>() << "):";
    for (const auto& m : j["legal_moves_san"]) std::cout << ' ' << m.get<std::string>();
    std::cout << '\n';
    std::cout << "check:                 " << yes(j["check"]) << '\n';
    std::cout << "checkmate:             " << yes(j["checkmate"]) << '\n';
    std::cout << "stalemate:             " << yes(j["stalemate"]) << '\n';
    std::cout << "insufficient material: " << yes(j["insufficient_material"]) << '\n';
    for (int c = 0; c < 2; ++c)
        std::cout << "can checkmate (" << g.side_names[c] << "): " << yes(j["can_checkmate"][g.side_names[c]]) << '\n';
    std::cout << "dead position:         " << yes(j["dead"]) << '\n';
}

const char* result_name(core::NoMovesResult r) {
    return r == core::NoMovesResult::loss ? "loss" : r == core::NoMovesResult::win ? "win" : "draw";
}

// Games whose file writes no SAN (hands, or boards over 64 squares): legal moves in USI, check, mate, what having
// no legal move means by the definition, and the impasse count per side when the game defines a zone.
template <class BB>
nlohmann::json analyze_board(const core::BasicPosition<BB>& pos) {
    const core::GameDefinition& g = pos.definition();
    const core::MoveList legal = pos.legal_moves();
    nlohmann::json j;
    const bool sfen = g.profile.position == core::PositionNotation::sfen;
    j[sfen ? "sfen" : "fen"] = sfen ? pos.sfen() : pos.fen();
    j["side_to_move"] = g.side_names[pos.side_to_move()];
    j["legal_moves"] = nlohmann::json::array();
    for (core::Move m : legal) j["legal_moves"].push_back(core::to_usi(pos, m));
    // The file-relative notation where the game file gives its words (WXF letters and the traditional names).
    if (g.profile.writes(core::MoveNotation::relative))
        for (core::Move m : legal) {
            j["legal_moves_relative"].push_back(core::to_relative(pos, m, core::RelativeStyle::letters));
            j["legal_moves_relative_names"].push_back(core::to_relative(pos, m, core::RelativeStyle::names));
        }
    const bool check = pos.is_check();
    j["legal_move_count"] = legal.size();
    j["check"] = check;
    j["checkmate"] = check && legal.empty();
    j["no_legal_moves"] = legal.empty();
    if (legal.empty()) j["result_for_side_to_move"] = result_name(check ? g.no_moves_in_check : g.no_moves_not_in_check);
    if (g.profile.offers(core::Analysis::impasse_count)) {
        for (int c = 0; c < 2; ++c) {
            core::ImpasseCount n = core::impasse_count(pos, core::Color(c));
            j["impasse"][g.side_names[c]] = {{"points", n.points},
                                              {"pieces_in_zone", n.pieces_in_zone},
                                              {"king_in_zone", n.royal_in_zone}};
        }
    }
    return j;
}

void print_board_text(const nlohmann::json& j, const core::GameDefinition& g) {
    auto yes = [](const nlohmann::json& v) { return v.get<bool>() ? "yes" : "no"; };
    const bool sfen = g.profile.position == core::PositionNotation::sfen;
    std::cout << "position:              " << (sfen ? j["sfen"] : j["fen"]).get<std::string>() << '\n';
    std::cout << "side to move:          " << j["side_to_move"].get<std::string>() << '\n';
    std::cout << "legal moves (" << j["legal_move_count"].get<int>() << "):";
    for (const auto& m : j["legal_moves"]) std::cout << ' ' << m.get<std::string>();
    std::cout << '\n';
    for (const char* key : {"legal_moves_relative", "legal_moves_relative_names"})
        if (j.contains(key)) {
            std::cout << "  written:";
            for (const auto& m : j[key]) std::cout << ' ' << m.get<std::string>();
            std::cout << '\n';
        }
    std::cout << "check:                 " << yes(j["check"]) << '\n';
    std::cout << "checkmate:             " << yes(j["checkmate"]) << '\n';
    std::cout << "no legal moves:        " << yes(j["no_legal_moves"]);
    if (j.contains("result_for_side_to_move")) std::cout << " (" << j["result_for_side_to_move"].get<std::string>() << ")";
    std::cout << '\n';
    if (j.contains("impasse"))
        for (int c = 0; c < 2; ++c) {
            const auto& n = j["impasse"][g.side_names[c]];
            std::cout << "impasse (" << g.side_names[c] << "): " << n["points"].get<int>() << " points, "
                      << n["pieces_in_zone"].get<int>() << " pieces in zone, king " << (n["king_in_zone"].get<bool>() ? "in" : "not in")
                      << " zone\n";
        }
}

// --positions: every line answered. A line that does not read, or a position no game reaches, gets an error answer
// in its place ({"line", "position", "error", "unreachable"} in JSON; "FILE:LINE: ..." in text) and the batch goes
// on. Exit 2 when some line did not read, else 1 when some position is unreachable, else 0.
template <class Answer>
int answer_every_line(const AnalyzeOptions& o, Answer answer) {
    // The front door (core/record/bounded_read.h): a FIFO or device is refused, a line is at most 64 KiB.
    core::record::InputFile in(o.positions_file, "a file of positions, one a line");
    std::string line;
    int number = 0, unreadable = 0, unreachable = 0, answered = 0;
    bool first_one = true;
    while (in.read_line(line, std::size_t{64} << 10)) {
        number = in.line_number();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        try {
            answer(line, first_one);
        } catch (const InputError& e) {
            const bool impossible = e.message().find("impossible position") != std::string::npos;
            ++(impossible ? unreachable : unreadable);
            const std::string where = o.positions_file + ":" + std::to_string(number) +
                                      (e.where().column > 0 ? ":" + std::to_string(e.where().column) : std::string());
            if (o.format == "json") {
                std::cout << report::json_stream::dump({{"line", number},
                                                        {"position", line},
                                                        {"error", where + ": " + e.message()},
                                                        {"unreachable", impossible}})
                          << '\n';
            } else {
                if (!first_one) std::cout << '\n';
                std::cout << "position: " << line << "\nerror:    " << where << ": " << e.message() << '\n';
            }
        }
        ++answered;
        first_one = false;
    }
    if (unreadable + unreachable > 0)
        spdlog::warn("{}: {} lines answered; {} did not read, {} hold positions no game reaches", o.positions_file, answered,
                     unreadable, unreachable);
    return unreadable > 0 ? 2 : unreachable > 0 ? 1 : 0;
}

// The first line of a --positions file that is not blank (its game is the file's when --game is not given); "startpos"
// for a file without one, whose lines then all read as the default game's.
std::string first_position(const std::string& file) {
    core::record::InputFile in(file, "a file of positions, one a line");
    std::string line;
    while (in.read_line(line, std::size_t{64} << 10))
        if (line.find_first_not_of(" \t") != std::string::npos) return line;
    return "startpos";
}

template <class BB>
int run_analyze_board(const AnalyzeOptions& o, const core::GameDefinitionPtr& def) {
    using Pos = core::BasicPosition<BB>;
    auto read = [&](const std::string& text, const std::string& source) {
        return position_from_argument<BB>(def, text, source);
    };
    auto emit = [&](const Pos& pos, bool first_one) {
        nlohmann::json j = analyze_board(pos);
        if (o.format == "json") {
            std::cout << report::json_stream::dump(j) << '\n';
        } else {
            if (!first_one) std::cout << '\n';
            print_board_text(j, *def);
        }
    };
    if (!o.position.empty()) {
        emit(read(o.position, "--position"), true);
        return 0;
    }
    return answer_every_line(o, [&](const std::string& line, bool first_one) {
        emit(read(line, o.positions_file), first_one);
    });
}

int run_analyze(const AnalyzeOptions& o, const GlobalOptions& global) {
    const rulebook::Folders folders = rulebook::rulesets_dir(global.rulesets_dir);
    std::string game = o.game;
    if (game.empty() && !o.position.empty()) game = game_of_position(o.position, "--position", folders);
    if (game.empty()) {
        try {
            game = game_of_position(first_position(o.positions_file), o.positions_file, folders);
        } catch (const InputError&) {  // a first line no game reads is answered in its place, as the default game's
            game = game_of_position("startpos", o.positions_file, folders);
        }
    }
    auto def = rulebook::load_game(game, folders);
    // By what the game file declares: the SAN and dead-position analysis of a game written in SAN, a placement
    // game's count, else the board's own facts.
    const bool placement = def->profile.position == core::PositionNotation::board;
    if (!placement && !def->profile.writes(core::MoveNotation::san))
        return core::with_bitboard(*def, [&](auto bb) { return run_analyze_board<decltype(bb)>(o, def); });
    auto emit = [&](const core::Position& pos, bool first_one) {
        nlohmann::json j = placement ? analyze_placement(pos) : analyze(pos);
        if (o.format == "json") {
            std::cout << report::json_stream::dump(j) << '\n';
        } else {
            if (!first_one) std::cout << '\n';
            if (placement) print_placement_text(j, *def);
            else print_text(j, *def);
        }
    };
    if (!o.position.empty()) {
        emit(position_from_argument<core::Bitboard>(def, o.position, "--position"), true);
        return 0;
    }
    return answer_every_line(o, [&](const std::string& line, bool first_one) {
        emit(position_from_argument<core::Bitboard>(def, line, o.positions_file), first_one);
    });
}

}  // namespace

Command analyze_command() {
    return {"analyze", "What the laws say about a position: moves, mate, draws, dead",
            "Prints the legal moves, check, checkmate, stalemate, insufficient material (the classic\n"
            "table), whether each side can still checkmate (true, false or \"unknown\" where the core has\n"
            "not proven it) and whether the position is dead (FIDE 5.2b). With --positions FILE (one FEN a\n"
            "line) and --format json: one JSON object a line, in order; every line is answered, a line that does\n"
            "not read or a position no game reaches with {line, position, error, unreachable} (exit 2 if a line did\n"
            "not read, else 1 if a position is unreachable).\n"
            "Shogi (--game shogi, positions as SFEN): legal moves in USI, check, mate, no legal moves (a\n"
            "loss in shogi) and the impasse count per side (rook, bishop and their promotions 5, other\n"
            "pieces 1, king 0; pieces in hand and in the far three ranks).\n"
            "Othello (--game othello, positions as board strings): the legal placements, whether the side\n"
            "to move must pass, whether the game is over, the disc counts and, when over, the result with\n"
            "the empty squares given to the winner.\n"
            "Without --game, the game is the one whose position notation reads --position (with --positions,\n"
            "the file's first position); where several do (an orthodox FEN is chess's and chess960's), the one\n"
            "among them whose game file says default_game: true (chess in the bundled rulesets); else give --game.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto o = std::make_shared<AnalyzeOptions>();
                app.add_option("--game", o->game, "Game (rulesets/games/<game>.yaml); default: the game of the position")
                    ->check(NonEmpty);
                // Empty, either was taken for not given: `--position ''` was answered as a file named "<input>".
                auto* one = app.add_option("--position", o->position,
                                           "FEN (SFEN for shogi, board string for othello), or startpos")
                                ->check(NonEmpty);
                auto* many = app.add_option("--positions", o->positions_file,
                                            "File with one position (FEN, SFEN or board string) a line")
                                 ->check(NonEmpty);
                one->excludes(many);
                app.add_option("--format", o->format, "text or json")
                    ->check(CLI::IsMember({"text", "json"}))
                    ->capture_default_str();
                app.callback([one, many] {
                    if (one->count() == 0 && many->count() == 0)
                        throw CLI::RequiredError("--position or --positions");
                });
                return std::function<int()>([o, &global] { return run_analyze(*o, global); });
            }};
}

}  // namespace arbiter::cli
