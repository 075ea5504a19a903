// PGN games as timeline entries: SAN moves replayed, [%clk]/[%emt] readings as instants, the result as its entry.
#include "records/convert.h"
#include "records/record_games.h"
#include "procedure/board.h"

#include <yaml-cpp/yaml.h>

namespace arbiter::procedure::convert {

namespace {

// Seconds with up to three decimals ("10", "0.05"), as milliseconds; nullopt for anything else.
std::optional<long> decimal_seconds(std::string_view s) {
    const std::size_t dot = s.find('.');
    const std::string_view whole = s.substr(0, dot), frac = dot == std::string_view::npos ? "" : s.substr(dot + 1);
    if (whole.empty() || whole.size() > 7 || frac.size() > 3 || (dot != std::string_view::npos && frac.empty()))
        return std::nullopt;
    long ms = 0;
    for (char c : whole) {
        if (c < '0' || c > '9') return std::nullopt;
        ms = ms * 10 + (c - '0');
    }
    ms *= 1000;
    long scale = 100;
    for (char c : frac) {
        if (c < '0' || c > '9') return std::nullopt;
        ms += (c - '0') * scale;
        scale /= 10;
    }
    return ms;
}

// The PGN standard's TimeControl counts whole seconds (8.2 of the standard); engine matches (cutechess-cli, the
// tournaments run with it) write the increment, and sometimes the base, in decimals: "10+0.05", "60+0.6". Read as
// one period of that base and increment; anything else stays the standard reader's.
clock::Parsed<clock::TimeControl> parse_time_control_tag(const std::string& tag) {
    auto parsed = clock::parse_pgn_time_control(tag);
    if (parsed || tag.find('.') == std::string::npos) return parsed;
    const std::size_t plus = tag.find('+');
    const auto base = decimal_seconds(std::string_view(tag).substr(0, plus));
    const auto increment =
        plus == std::string::npos ? std::optional<long>(0) : decimal_seconds(std::string_view(tag).substr(plus + 1));
    if (!base || !increment || *base <= 0) return parsed;
    clock::TimeControl c;
    c.kind = clock::TimeControl::Kind::periods;
    c.periods.push_back({0, Ms{*base}, Ms{*increment}});
    if (clock::check(c)) return parsed;
    return {c, {}};
}

}  // namespace

std::optional<clock::TimeControl> pgn_control(const std::string& tag, Build& b) {
    if (tag.empty() || tag == "?" || tag == "-") return std::nullopt;
    // Read as the last game's tag on this thread: an archive's games repeat a few time controls.
    thread_local std::string last_tag;
    thread_local clock::Parsed<clock::TimeControl> last;
    if (last_tag.empty() || tag != last_tag) {
        last = parse_time_control_tag(tag);
        last_tag = tag;
    }
    const auto& parsed = last;
    if (!parsed || !parsed->is_timed()) {
        b.warn("TimeControl \"" + tag + "\" cannot be read: the event gets no time control",
               "TimeControl タグ「" + tag + "」が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    return *parsed;
}

// --- chess (PGN) ---

namespace {

// A recorded draw that a claim explains: the claim's entry, with the move the claimant announces when only that move
// completes the repetition (FIDE 9.2a) or the fifty moves (9.3a). A record shows the position before that move, as
// the claimant wrote the move without playing it; a claim without it would be found incorrect.
void add_draw_claim(Build& b, const ClockTrack& clocks, int claimant, const char* kind, const core::Position& pos,
                    std::optional<core::Move> move, const char* why, const char* why_with_move) {
    std::string text = "claim: {by: " + b.sides[claimant] + ", kind: " + kind;
    if (move) text += ", move: " + yaml_quoted(core::to_san(pos, *move));
    b.add({clocks.now(), text + "}", move ? why_with_move : why});
}

// The move number a FEN's last field gives (1 where it gives none).
int fullmove_of(std::string_view fen) {
    const std::size_t space = fen.find_last_of(' ');
    if (space == std::string_view::npos) return 1;
    int n = 0;
    for (char c : fen.substr(space + 1)) {
        if (c < '0' || c > '9' || n > 100000) return 1;
        n = n * 10 + (c - '0');
    }
    return n > 0 ? n : 1;
}

// A coordinate move written with upper-case files and a hyphen ("H2-E2", as xiangqi archives write ICCS), as the
// square names are written ("h2e2"); "" for any other text.
std::string plain_coordinates(std::string_view t) {
    const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
    const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    if (t.size() != 5 || !letter(t[0]) || !digit(t[1]) || t[2] != '-' || !letter(t[3]) || !digit(t[4])) return {};
    const auto low = [](char c) { return char(std::tolower(static_cast<unsigned char>(c))); };
    return {low(t[0]), t[1], low(t[3]), t[4]};
}

// The move of `text` on `board`, the text as written first, then in plain coordinates where that is what it is.
core::ParsedMove read_on_board(const Board& board, const std::string& text) {
    core::ParsedMove parsed = board.read(text);
    if (parsed.status == core::MoveParseStatus::syntax_error)
        if (const std::string plain = plain_coordinates(text); !plain.empty()) return board.read(plain);
    return parsed;
}

// The ending of a game replayed on the runner's board: a mate or a stalemate the board shows (the game file says what
// each brings), a flag, else a resignation or an agreement; a repetition is the rulebook's to rule (xiangqi's cycle
// rules), so a drawn record that shows no end on the board is read as an agreement.
void board_ending(Build& b, const Board& board, const ClockTrack& clocks, PgnEndingKind said, std::optional<int> winner,
                  int to_move) {
    auto& r = b.recorded;
    const BoardEnd end = board.end_after_move();
    if (said == PgnEndingKind::time_forfeit) {
        const int loser = winner ? 1 - *winner : to_move;
        r.ending = "time_forfeit";
        r.by = b.sides[loser];
        add_flag_claim(b, clocks, loser);
    } else if (end == BoardEnd::checkmate || end == BoardEnd::stalemate) {
        r.ending = end == BoardEnd::checkmate ? "checkmate" : "stalemate";
        r.by = b.sides[to_move];
    } else if (winner) {
        r.ending = "resignation";
        r.by = b.sides[1 - *winner];
        add_resignation(b, clocks, 1 - *winner);
    } else {
        r.ending = "draw_agreed";
        r.by = b.sides[1 - to_move];
        add_agreement(b, clocks, 1 - to_move);
    }
}

}  // namespace

// The Japanese of a refusal of the FEN tag's position: the reader's own where it wrote one (the FEN readers of the
// core say why in English only), else what was refused.
static std::string fen_refusal_ja(const InputError& e) {
    return e.message_ja().empty() ? "この局面を読めない（FEN の書き方か、あり得ない局面）" : e.message_ja();
}

void convert_pgn(Build& b, const core::PgnGame& pgn, const rulebook::Library& library) {
    // Each tag read once (PgnGame::tag copies its value): an audit converts every game of an archive.
    const std::string variant_tag = pgn.tag("Variant"), fen = pgn.tag("FEN"), time_control = pgn.tag("TimeControl");
    const std::string termination_tag = pgn.tag("Termination");
    // The game is the one whose game file reads PGN records of this Variant (lichess writes "From Position" for a
    // standard game set up from a FEN; chess.yaml lists it).
    const core::GameDefinitionPtr def = record_game(library, "pgn", lower(variant_tag));
    if (!def)
        throw InputError(
            {b.file, pgn.line, 1},
            Text{"game " + std::to_string(b.number) + ": variant \"" + variant_tag +
                     "\" is not a game this program rules (no game file reads its pgn records)",
                 "第 " + std::to_string(b.number) + " 局：変種「" + variant_tag +
                     "」はこのプログラムが裁定するゲームではない（その PGN を読むゲームのファイルがない）"});
    // SAN is replayed on the core's 64-square board (core/notation.h); a game whose file names other notations
    // (xiangqi: ICCS h2e2, WXF C2.5) on the runner's board (procedure/board.h), which reads those its file names.
    std::unique_ptr<Board> board;
    if (!def->profile.writes(core::MoveNotation::san) || def->bitboard_words != 1) {
        YAML::Node start_node;  // null: the game's start position
        if (!fen.empty()) start_node["fen"] = fen;
        try {
            board = make_board(def, start_node, b.file);
        } catch (const InputError& e) {
            throw with_prefix(InputError({b.file, pgn.line, 1}, Text{e.message(), fen_refusal_ja(e)}),
                              {"game " + std::to_string(b.number) + ": FEN tag: ",
                               "第 " + std::to_string(b.number) + " 局：FEN タグ："});
        }
    }
    // A variant ruled by another game's rulebooks (chess960: ruled_as chess) is a timeline of that game whose event
    // names the variant.
    b.game = def->profile.ruled_as.empty() ? def->id : def->profile.ruled_as;
    if (!def->profile.ruled_as.empty()) b.variant = def->id;
    take_game_words(b, *def, library);
    if (!def->profile.record_settings.empty())
        take_declared(b, *def, "pgn", [&pgn](const std::string& key) { return std::string(pgn.tag(key)); }, library);
    // The replay needs the position only; the history (repetitions, the automatic draws) matters for a drawn result
    // alone (an archive's decisive games pay for no history). A board's game has no chess position (`pos` below stays
    // null, unused).
    std::optional<core::Position> start_holder;
    if (!board) {
        start_holder.emplace(core::Position::start(def));
        if (!fen.empty() || pgn.tag("SetUp") == "1") {
            try {
                start_holder = core::Position::from_fen(def, fen, b.file);
                // A start no game reaches (chess.com's odds games: seven knights) is refused here, at the game and
                // its tag, rather than by the converted timeline, whose lines are not the record's.
                core::require_possible_position(*start_holder, b.file);
            } catch (const InputError& e) {  // placed at the game, as the board's FEN above (it named no line)
                throw with_prefix(InputError({b.file, pgn.line, 1}, Text{e.message(), fen_refusal_ja(e)}),
                                  {"game " + std::to_string(b.number) + ": FEN tag: ",
                                   "第 " + std::to_string(b.number) + " 局：FEN タグ："});
            }
        }
    }
    if (!fen.empty() || (!board && pgn.tag("SetUp") == "1")) b.start_yaml = "{fen: " + yaml_quoted(fen) + "}";
    // A drawn result's moves are played on a Game, which keeps the history as it goes, rather than made on the bare
    // position and replayed on a Game at the end.
    std::optional<core::Game> game;
    std::optional<core::Position> pos_holder;
    if (start_holder && pgn.result == "1/2-1/2") game.emplace(*start_holder);
    else pos_holder = start_holder;
    const core::Position* pos = game ? &game->position() : pos_holder ? &*pos_holder : nullptr;
    int played = 0;  // moves made
    b.event_name = pgn.tag("Event");
    if (!b.audit)  // the comments `import` writes above the timeline; an audit has no use for them
        for (const char* tag : {"Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl", "Termination"})
            if (const auto v = pgn.tag(tag); !v.empty()) b.header_comments.push_back(std::string(tag) + ": " + v);
    b.control = pgn_control(time_control, b);

    const int first_mover = board ? board->side_to_move() : int(start_holder->side_to_move());
    b.moves_in_pairs = true;
    b.first_mover = first_mover;
    b.first_move_number = board ? fullmove_of(fen) : start_holder->fullmove_number();
    ClockTrack clocks(b.control, first_mover);
    bool readings_unused = false, missing = false, any_reading = false, reading_above = false;
    int glitches = 0;  // readings that go up by more than the control adds
    // A side whose clock a ruling on the opponent's illegal move may have credited, until its next reading.
    std::array<bool, 2> credited{false, false};
    // The record's move just read that was illegal (taken back), and why.
    const core::PgnMove* last_illegal = nullptr;
    std::string last_illegal_why;
    int ply = 0;
    // The moves and at most two entries for the ending.
    if (b.audit) b.parts.reserve(pgn.moves.size() + 2);
    else b.entries.reserve(pgn.moves.size() + 2);
    for (const auto& m : pgn.moves) {
        ++ply;
        const int mover = board ? board->side_to_move() : int(pos->side_to_move());
        // Without the memory of the texts read last (core::parse_move): the runner takes this reading instead of
        // reading the text again (Entry::reading), and the moves an archive's games share from the start are too few
        // to be worth a lookup for every move.
        const core::ParsedMove parsed = board ? read_on_board(*board, m.san) : core::read_move(*pos, m.san);
        // A move the record states but the rules forbid, whose piece is known (the pieces can make it but it leaves
        // the king in check, or the one piece it can name cannot go there), is an act at the board the rulebook's
        // illegal-move rule rules: it is written as made, the opponent points it out at once, and the record goes on
        // from the position before it (docs/RECORDS.md). A text that is not a move at all, or fits several pieces, is
        // the record's error.
        const bool illegal = !parsed.ok() && !board && parsed.status == core::MoveParseStatus::illegal &&
                             (!parsed.move.is_none() || parsed.attempted.from >= 0);
        // The move after an illegal one must be playable from the position before it; if not, the record went on
        // from the illegal move (it stood, or the scorer wrote a move that was not made), which says nothing of how
        // the game went on: the illegal move is the error, at its place.
        if (!parsed.ok() && last_illegal)
            b.fail(last_illegal->line, last_illegal->column, ply - 1,
                   {"move \"" + last_illegal->san + "\" is illegal (" + last_illegal_why +
                        ") and the record's next move \"" + m.san +
                        "\" cannot be played from the position before it: "
                        "the record does not show how the game went on after it",
                    "手「" + last_illegal->san + "」は反則手で、次の手「" + m.san +
                        "」もその前の局面から指せない：反則の後の対局の進みが記録からわからない"});
        last_illegal = illegal ? &m : nullptr;
        if (illegal) last_illegal_why = parsed.message;
        if (!parsed.ok() && !illegal)
            b.fail(m.line, m.column, ply,
                   {"move \"" + m.san + "\" cannot be played: " + parsed.message,
                    "手「" + m.san + "」を指せない：" + core::parse_failure_ja(parsed)});
        // The SAN written for `import` is the move's standard text; an audit reads the record's own (one replay less),
        // with the converter's reading of it, and copies it once. A board's game keeps the record's text, in plain
        // coordinates where it was written with a hyphen.
        const std::string plain = board ? plain_coordinates(m.san) : std::string();
        const std::string san = board ? (plain.empty() ? m.san : plain)
                                : b.audit || illegal ? std::string() : core::to_san(*pos, parsed.move);
        Ms used{0};
        // A reading is a display rounded to its last digit (lichess writes 0:00:00 for the last fraction of a
        // second): a move it brings to the flag's instant was made within the time, as the game going on shows,
        // and is pressed as KIF's m:ss is (ClockTrack::press_within).
        bool from_reading = false;
        if (m.elapsed) {
            used = *m.elapsed;
        } else if (m.clock) {
            any_reading = true;
            if (!clocks.timed()) {
                readings_unused = true;
            } else if (auto u = clocks.used_from_reading(mover, *m.clock)) {
                used = *u;
                from_reading = true;
                if (used < Ms{0} && credited[std::size_t(mover)]) {
                    // The time a ruling on the opponent's illegal move added shows in this side's next reading: it is
                    // taken from the reading, and the move takes no time.
                    clocks.add_time(mover, -used);
                    used = Ms{0};
                } else if (used < Ms{0}) {
                    const auto before = clocks.shown(mover).value_or(Ms{0});
                    if (ply <= 2) {  // the first move of each side
                        reading_above = true;
                        b.warn_at(ply, "[%clk " + clock::format_clock(*m.clock) + "] is above the time control's " +
                                           clock::format_clock(before) + ": taken as no time used",
                                  "時計の記録 [%clk " + clock::format_clock(*m.clock) + "] が持ち時間の " +
                                      clock::format_clock(before) + " を上回る：消費時間なしとみなした");
                        used = Ms{0};
                    } else {
                        // A clock glitch (a server's reading that jumps up): one flaw, not a reason to refuse the game.
                        // The first is a warning naming the ply; the move takes no time, and the next reading counts
                        // from the clock as the control runs it.
                        if (glitches++ == 0)
                            b.warn_at(ply, "[%clk " + clock::format_clock(*m.clock) + "] after \"" + m.san +
                                               "\": the clock goes up from " + clock::format_clock(before) +
                                               " by more than the time control \"" + time_control +
                                               "\" adds: taken as no time used",
                                      "「" + m.san + "」の後の時計の記録 [%clk " + clock::format_clock(*m.clock) + "] が " +
                                          clock::format_clock(before) + " から持ち時間「" + time_control +
                                          "」の加算を超えて増えている：消費時間なしとみなした");
                        used = Ms{0};
                    }
                }
            }
        } else if (clocks.timed()) {
            missing = true;
        }
        if (m.clock) credited[std::size_t(mover)] = false;
        if (illegal) {
            if (from_reading) clocks.press_within(mover, used);
            else clocks.press(mover, used);
            b.check_flag(clocks, ply);
            add_move(b, clocks.now(), m.san, true, m.line, m.column, "illegal: " + parsed.message);
            b.add({clocks.now(), "claim: {by: " + b.sides[1 - mover] + ", kind: illegal_move}",
                   "the record's illegal move, pointed out at once"});
            clocks.retake(mover);
            credited[std::size_t(1 - mover)] = true;
            b.warn_at(ply, "\"" + m.san + "\" is illegal (" + parsed.message +
                               "): ruled as pointed out at once; the record is read on from the position before it",
                      "「" + m.san + "」は反則手（" + parsed.message + "）：直ちに指摘されたものとして裁定し、" +
                          "以降の棋譜はその前の局面から読む");
            ++b.taken_back;
            continue;
        }
        if (board) {
            board->play(parsed);
        } else if (game) {
            game->play(parsed.move);
        } else {
            core::Undo undo;
            pos_holder->make(parsed.move, undo);
        }
        ++played;
        if (from_reading) clocks.press_within(mover, used);
        else clocks.press(mover, used);
        b.check_flag(clocks, ply);
        if (auto* reading = add_move(b, clocks.now(), b.audit && !board ? m.san : san, true, m.line, m.column)) {
            reading->ply = played - 1;
            reading->move = parsed.move;
            reading->attempted = parsed.attempted;
        }
    }
    b.control_confirmed = clocks.timed() && any_reading && !reading_above && glitches == 0;
    if (glitches > 1)
        b.warn(std::to_string(glitches) +
                   " [%clk] readings in all go up by more than the time control adds: each taken as no time used",
               "持ち時間の加算を超えて増える時計の記録が計" + std::to_string(glitches) + "回：いずれも消費時間なしとみなした");
    if (readings_unused)
        b.warn("the [%clk] readings are not used: without a TimeControl tag they cannot be turned into instants",
               "時計の記録 [%clk] は使わない：TimeControl タグがないと時刻に直せない");
    if (missing && any_reading)
        b.warn("some moves have no [%clk]: their time is counted in the mover's next reading",
               "時計の記録 [%clk] のない手がある：その消費時間は同じ側の次の記録に含めて数える");

    if (b.audit && !board) b.readings.end = std::make_shared<const core::Position>(*pos);
    // The ending.
    auto& r = b.recorded;
    const PgnEnding said = read_pgn_ending(termination_tag, pgn.result_comment);
    const int to_move = board ? board->side_to_move() : int(pos->side_to_move());
    const int last_mover = 1 - to_move;
    std::optional<int> winner;
    bool draw = false;
    // A game of tags alone (a forfeit in a pairings archive) has no termination marker: its Result tag says it.
    const std::string result = pgn.moves.empty() && pgn.result == "*" && !pgn.tag("Result").empty() ? pgn.tag("Result")
                                                                                                  : pgn.result;
    r.text = result + (termination_tag.empty() ? "" : " (" + termination_tag + ")") +
             (said.from_comment ? " {" + pgn.result_comment + "}" : "");
    if (result == "1-0") winner = 0;
    else if (result == "0-1") winner = 1;
    else if (result == "1/2-1/2") draw = true;
    else {
        r.ending = said.kind == PgnEndingKind::unterminated ? "unterminated" : "unknown";
        return;
    }
    set_score(r, b.sides, winner, draw);
    if (const auto tag = pgn.tag("Result"); !tag.empty() && tag != result)
        b.warn("the Result tag \"" + tag + "\" and the movetext's \"" + pgn.result + "\" differ: the movetext's is taken",
               "Result タグの「" + tag + "」と棋譜本文の「" + pgn.result + "」が異なる：棋譜本文の結果を採る");
    // chess.com names the winner: a name that is the loser's is a record at odds with itself.
    if (!said.winner_name.empty() && winner) {
        const std::string named = lower(said.winner_name);
        const std::string loser_name = lower(pgn.tag(*winner == 0 ? "Black" : "White"));
        if (named == loser_name && named != lower(pgn.tag(*winner == 0 ? "White" : "Black")))
            b.warn("Termination \"" + termination_tag + "\" names the player the result \"" + result +
                       "\" scores as the loser",
                   "Termination タグの「" + termination_tag + "」が結果「" + result + "」では負けの側を勝者としている");
    }
    // Results the moves cannot be set against: the reason stands in the record's ending, never a disagreement.
    switch (said.kind) {
        case PgnEndingKind::abandoned:
            r.ending = "abandoned";
            set_not_comparable(b, "the game was abandoned: the result was awarded, not played out",
                               "放棄された対局：結果は盤上で決まったのではなく与えられた");
            return;
        case PgnEndingKind::adjudication:
            r.ending = "adjudication";
            set_not_comparable(b, "adjudicated (by an engine or an arbiter): the result is a judgement of the position",
                               "判定（エンジンまたは裁定者）による結果：局面の評価であって盤上の終局ではない");
            return;
        case PgnEndingKind::infraction:
            r.ending = "rules_infraction";
            set_not_comparable(b, "lost by a rules infraction the record does not show (an illegal move not written, "
                                  "fair play)",
                               "記録にない反則（書かれていない不正な手、フェアプレー違反）による結果");
            return;
        case PgnEndingKind::unterminated:
            r.ending = "unterminated";
            set_not_comparable(b, "the record says the game was not terminated", "記録は対局が終わっていないとしている");
            return;
        case PgnEndingKind::both_flags:
            r.ending = "both_flags";
            set_not_comparable(b, "both flags fell: the record does not say which fell first",
                               "両者の時間切れ：どちらが先に切れたかを記録は記していない");
            return;
        case PgnEndingKind::unknown:
            r.ending = "unknown";
            set_not_comparable(b, "Termination \"" + termination_tag + "\" is not a convention this reader knows",
                               "Termination タグの「" + termination_tag + "」はこの読み手の知らない書き方");
            b.warn("Termination \"" + termination_tag + "\" stands for no entry: the timeline ends with the last move",
                   "Termination タグの「" + termination_tag + "」に当たる事象はない：タイムラインは最後の着手で終わる");
            return;
        default: break;
    }
    // A resignation or a flag the record names is an act at the board even before the first move (chess.com's
    // "X won by resignation" with no movetext: a player who resigned at once); a bare result is not.
    if (pgn.moves.empty() && said.kind != PgnEndingKind::time_forfeit && said.kind != PgnEndingKind::resignation) {
        // A result without a move is a forfeit or an arrangement: nothing at the board stands for it.
        r.ending = "no_moves";
        set_not_comparable(b, "a result without any move (a forfeit, a game not played)",
                           "一手もない対局の結果（不戦勝、行われなかった対局）");
        return;
    }
    if (board) {
        board_ending(b, *board, clocks, said.kind, winner, to_move);
        return;
    }
    // With the history: a drawn result only (a Result tag without moves: the start).
    if (draw && !game) {
        game.emplace(*start_holder);
        pos = &game->position();
    }
    // Checkmate needs no history; a draw's other endings (fivefold repetition, 75 moves) do.
    // Check first: most games end by resignation out of check, where no move need be looked for.
    const bool mated = pos->is_check() && !pos->has_legal_move();
    const auto ending = game ? game->outcome() : std::nullopt;
    auto termination_on_board = ending ? std::optional(ending->termination)
                                       : mated ? std::optional(core::Termination::checkmate) : std::nullopt;
    // Fivefold repetition and the 75-move rule end a game by themselves only in later editions (FIDE 2014 9.6): a
    // drawn record that shows them is read as the claim every edition accepts (9.2, 9.3), which the branches below add.
    if (termination_on_board == core::Termination::fivefold_repetition ||
        termination_on_board == core::Termination::seventyfive_moves)
        termination_on_board.reset();
    if (said.kind == PgnEndingKind::time_forfeit) {
        // A flag; a drawn result is a flag against a side that cannot mate (chess.com's "timeout vs insufficient
        // material"), where the record does not say whose flag fell: the side to move's, whose clock ran.
        const int loser = winner ? 1 - *winner : to_move;
        r.ending = "time_forfeit";
        r.by = b.sides[loser];
        add_flag_claim(b, clocks, loser);
    } else if (termination_on_board == core::Termination::checkmate) {
        r.ending = "checkmate";
        r.by = b.sides[to_move];
    } else if (termination_on_board && draw) {
        r.ending = core::to_string(*termination_on_board);
    } else if (winner) {
        r.ending = "resignation";
        r.by = b.sides[1 - *winner];
        add_resignation(b, clocks, 1 - *winner);
    } else if (said.kind != PgnEndingKind::draw_agreed && game->can_claim_repetition()) {
        r.ending = "repetition";
        r.by = b.sides[to_move];
        add_draw_claim(b, clocks, to_move, "repetition", game->position(), game->repetition_claim_move(),
                       "the draw: the position has occurred three times",
                       "the draw: the announced move brings the position a third time");
    } else if (said.kind != PgnEndingKind::draw_agreed && game->can_claim_fifty_moves()) {
        r.ending = "fifty_moves";
        r.by = b.sides[to_move];
        add_draw_claim(b, clocks, to_move, "fifty_moves", game->position(), game->fifty_moves_claim_move(),
                       "the draw: fifty moves without a capture or a pawn move",
                       "the draw: the announced move completes fifty moves without a capture or a pawn move");
    } else {
        r.ending = "draw_agreed";
        r.by = b.sides[last_mover];
        add_agreement(b, clocks, last_mover);
    }
}

// --- shogi and othello (neutral records) ---

}  // namespace arbiter::procedure::convert
