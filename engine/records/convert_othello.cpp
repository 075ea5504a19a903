// GGF games, the othello transcript and WTHOR games as timeline entries: placements replayed (passes inserted), the
// count at the end.
#include "records/convert.h"

namespace arbiter::procedure::convert {

// GGF TI[main/increment/extension], each [[h:]m:]s: main time and increment (the extension, GGS's extra time once
// the main time is gone, has no equivalent here and is left out with a warning).
std::optional<clock::TimeControl> ggf_control(const GameRecord& r, Build& b) {
    const std::string ti = r.header("TI");
    if (ti.empty()) return std::nullopt;
    std::vector<std::string> parts(1);
    for (char c : ti) {
        if (c == '/') parts.emplace_back();
        else parts.back() += c;
    }
    auto secs = [](const std::string& s) -> std::optional<long> {
        if (s.empty()) return 0;
        long total = 0, field = 0;
        for (char c : s) {
            if (std::isdigit(static_cast<unsigned char>(c))) {
                field = field * 10 + (c - '0');
                if (field > 10'000'000 || total > 10'000'000) return std::nullopt;  // no game is that long
            }
            else if (c == ':') {
                total = (total + field) * 60;
                field = 0;
            } else
                return std::nullopt;
        }
        return total + field;
    };
    const auto main = secs(parts[0]);
    const auto inc = parts.size() > 1 ? secs(parts[1]) : std::optional<long>(0);
    const auto ext = parts.size() > 2 ? secs(parts[2]) : std::optional<long>(0);
    if (!main || !inc || !ext || *main <= 0) {
        b.warn("TI[" + ti + "] cannot be read: the event gets no time control",
               "TI[" + ti + "] が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    if (*ext > 0)
        b.warn("TI[" + ti + "]: the extension time has no equivalent here and is left out",
               "TI[" + ti + "] の延長時間（持ち時間が切れた後に加わる時間）は、規則に当たるものがないので除いた");
    auto c = control_of(*main, 0, *inc);
    if (!c.is_timed()) return std::nullopt;
    return c;
}


void convert_othello(Build& b, const GameRecord& r, const rulebook::Library& library) {
    // The game whose game file reads this format of record (records.formats), as the record names it.
    const core::GameDefinitionPtr def = record_game(library, r.format, r.game);
    if (!def)
        throw InputError({b.file, r.line, 0}, Text{"game " + std::to_string(b.number) + ": no game file reads " +
                                                       r.format + " records of \"" + r.game + "\"",
                                                   "第 " + std::to_string(b.number) + " 局：「" + r.game + "」の " +
                                                       r.format + " を読むゲームのファイルがない"});
    b.game = def->id;
    take_game_words(b, *def, library);
    take_declared(b, *def, r.format, [&r](const std::string& key) { return r.header(key); }, library);
    std::optional<core::PlacementGame> game;
    if (r.start != "startpos" && r.start != core::record::OthelloStart) {
        game.emplace(def, r.start, b.file);
        b.start_yaml = "{board: " + yaml_quoted(r.start) + "}";
    } else {
        game.emplace(def);
    }
    if (r.format == "ggf") {
        b.event_name = r.header("PC");
        b.header_comments.push_back(header_comment(r, {"PC", "DT", "PB", "PW", "TI", "TY", "KM", "RE"}));
        b.control = ggf_control(r, b);
        if (!r.header("KM").empty() && r.header("KM") != "0" && r.header("KM") != "0.000")
            b.warn("KM[" + r.header("KM") + "]: the komi is part of the recorded result, not of the rulebook's count",
                   "KM[" + r.header("KM") + "] のコミは記録された結果には含まれるが、規則による石数の計算には含まれない");
    } else if (r.format == "wthor") {
        b.header_comments.push_back(header_comment(r, {"tournament", "black", "white", "year"}));
    }
    ClockTrack clocks(b.control, int(game->side_to_move()));
    int ply = 0;
    bool inserted = false;
    for (const auto& m : r.moves) {
        // WTHOR (and some transcripts) leave passes out: a side with no placement passes before the next move.
        if (game->must_pass() && lower(m.move) != "pass") {
            const int mover = int(game->side_to_move());
            game->play("pass");
            ++ply;
            clocks.press(mover, Ms{0});
            add_move(b, clocks.now(), "pass", false, m.line, m.column,
                     "not in the record: " + b.sides[mover] + " has no placement");
            inserted = true;
        }
        ++ply;
        const int mover = int(game->side_to_move());
        const core::PlacementParse parsed = game->play(m.move);
        if (!parsed.ok()) {
            const std::string place = m.line == 0 ? " (byte " + std::to_string(m.column) + ")" : "";
            const std::string place_ja = m.line == 0 ? "（" + std::to_string(m.column) + " バイト目）" : "";
            const char* why_ja =
                parsed.status == core::MoveParseStatus::illegal ? "打てない手" : "手の書き方が読めない";
            b.fail(m.line, m.line == 0 ? 0 : m.column, ply,
                   {"move " + m.move + place + " cannot be played: " + parsed.message,
                    "手 " + m.move + place_ja + " を打てない：" + why_ja});
        }
        clocks.press(mover, m.elapsed.value_or(Ms{0}));
        b.check_flag(clocks, ply);
        add_move(b, clocks.now(), lower(m.move), false, m.line, m.column);
    }
    if (inserted && r.format != "wthor")
        b.warn("passes the record leaves out were added where a side had no placement",
               "記録にないパスを、打てる場所のない側の手番に補った");
    auto& rec = b.recorded;
    rec.text = r.termination_text;
    const int to_move = int(game->side_to_move());
    std::optional<int> winner;
    bool draw = false;
    if (r.black_discs) {
        rec.text = "black " + std::to_string(*r.black_discs) + " discs";
        rec.text_ja = b.sides_ja[0] + " " + std::to_string(*r.black_discs) + "石";
        // WTHOR stores black's count only, with the empty squares given to the winner (the format's convention,
        // tests/data/othello/wthor-decoded.tsv): white's count is the rest of the board's squares.
        rec.discs[b.sides[0]] = *r.black_discs;
        rec.discs[b.sides[1]] = def->squares - *r.black_discs;
        if (2 * *r.black_discs > def->squares) winner = 0;
        else if (2 * *r.black_discs < def->squares) winner = 1;
        else draw = true;
    } else if (r.black_margin) {
        rec.text = "RE[" + r.termination_text + "]";
        if (*r.black_margin > 0) winner = 0;
        else if (*r.black_margin < 0) winner = 1;
        else draw = true;
    }
    set_score(rec, b.sides, winner, draw);
    switch (r.termination) {
        case Termination::resign: {
            const int loser = r.terminated_by >= 0 ? r.terminated_by : to_move;
            rec.ending = "resignation";
            rec.by = b.sides[loser];
            add_resignation(b, clocks, loser);
            break;
        }
        case Termination::time_up: {
            const int loser = r.terminated_by >= 0 ? r.terminated_by : to_move;
            rec.ending = "time_forfeit";
            rec.by = b.sides[loser];
            add_flag_claim(b, clocks, loser);
            break;
        }
        case Termination::draw_agreed:
            rec.ending = "score_agreed";
            b.warn("RE[" + r.termination_text + "]: a score the players agreed on stands for no entry",
                   "RE[" + r.termination_text + "] は対局者が合意した石数で、タイムラインには何も加えない");
            break;
        case Termination::game_over:
            rec.ending = "game_over";
            if (!game->is_over())
                b.warn("the record gives a final score, yet the game is not over after its last move",
                       "記録には最終の石数があるが、最後の手の後も対局は終わっていない");
            break;
        default: rec.ending = game->is_over() ? "game_over" : "unknown"; break;
    }
    // A count or a score for a game its moves do not finish: the record is cut short (WTHOR keeps the count of a
    // game whose last moves were not written), so the board cannot give the count it states.
    if (!rec.score.empty() && !game->is_over() && (rec.ending == "game_over" || rec.ending == "unknown"))
        set_not_comparable(b, "the record stops before the game is over (truncated), yet gives a final count",
                           "記録は終局前で途切れているのに最終の石数を記している");
}

}  // namespace arbiter::procedure::convert
