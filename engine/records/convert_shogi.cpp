// KIF and CSA games as timeline entries: USI moves replayed, per-move times as instants, the endings (投了, 千日手,
// 時間切れ, 入玉, %TORYO, %KACHI...) as the entries they stand for.
#include "records/convert.h"

namespace arbiter::procedure::convert {

// Reads a number of whole units ("6時間", "5分", "30秒") from the start of `s`; advances `s`.
std::optional<long> read_japanese_duration(std::string& s) {
    static const std::regex part(R"(^(\d{1,6})(時間|分|秒))");
    long total = 0;
    bool any = false;
    std::smatch m;
    while (std::regex_search(s, m, part)) {
        const long n = std::stol(m[1]);
        total += m[2] == "時間" ? n * 3600 : m[2] == "分" ? n * 60 : n;
        s = m.suffix();
        any = true;
    }
    return any ? std::optional<long>(total) : std::nullopt;
}

clock::TimeControl control_of(long main_s, long byoyomi_s, long increment_s) {
    clock::TimeControl c;
    c.kind = clock::TimeControl::Kind::periods;
    c.periods.push_back({0, Ms{main_s * 1000}, Ms{increment_s * 1000}});
    if (byoyomi_s > 0) c.byoyomi = clock::Byoyomi{1, Ms{byoyomi_s * 1000}};
    if (clock::check(c)) return {};
    return c;
}

// KIF 持ち時間: "6時間", "各6時間", "5分+30秒" (81Dojo: byoyomi), "10分切れ負け", "1時間30分 秒読み60秒".
std::optional<clock::TimeControl> kif_control(const std::string& text, Build& b) {
    if (text.empty()) return std::nullopt;
    std::string s = text;
    auto erase_all = [&s](std::string_view what) {
        for (std::size_t p; (p = s.find(what)) != std::string::npos;) s.erase(p, what.size());
    };
    erase_all(" ");
    erase_all("　");
    erase_all("各");
    erase_all("切れ負け");
    auto main = read_japanese_duration(s);
    long byoyomi = 0;
    if (main && (starts_with(s, "+") || starts_with(s, "秒読み"))) {
        s.erase(0, starts_with(s, "+") ? 1 : std::string("秒読み").size());
        if (auto b2 = read_japanese_duration(s)) byoyomi = *b2;
    }
    if (!main || !s.empty() || *main <= 0) {
        b.warn("持ち時間 \"" + text + "\" cannot be read: the event gets no time control",
               "持ち時間「" + text + "」が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    auto c = control_of(*main, byoyomi, 0);
    if (c.kind != clock::TimeControl::Kind::periods) return std::nullopt;
    return c;
}

// CSA: $TIME_LIMIT:hh:mm+ss (byoyomi seconds), $TIME:main+byoyomi+increment (V3, seconds), or the floodgate event
// name "...+floodgate-900-0+..." (main seconds, byoyomi seconds).
std::optional<clock::TimeControl> csa_control(const GameRecord& r, Build& b) {
    std::smatch m;
    const std::string limit = r.header("TIME_LIMIT");
    static const std::regex limit_re(R"(^(\d{1,4}):(\d{2})\+(\d{1,6})$)");
    if (!limit.empty()) {
        if (std::regex_match(limit, m, limit_re)) {
            auto c = control_of(std::stol(m[1]) * 3600 + std::stol(m[2]) * 60, std::stol(m[3]), 0);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME_LIMIT:" + limit + " cannot be read: the event gets no time control",
               "$TIME_LIMIT:" + limit + " が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    const std::string time = r.header("TIME");
    static const std::regex time_re(R"(^(\d{1,7})(?:\+(\d{1,6})(?:\+(\d{1,6}))?)?$)");
    if (!time.empty()) {
        if (std::regex_match(time, m, time_re)) {
            auto c = control_of(std::stol(m[1]), m[2].matched ? std::stol(m[2]) : 0, m[3].matched ? std::stol(m[3]) : 0);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME:" + time + " cannot be read: the event gets no time control",
               "$TIME:" + time + " が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    const std::string event = r.header("EVENT");
    static const std::regex event_re(R"(\+[A-Za-z0-9_]*?-(\d{1,7})-(\d{1,6})(F?)\+)");
    if (std::regex_search(event, m, event_re)) {
        // "-600-10F": 600 s and a 10 s Fischer increment; "-900-0", "-0-30": main time and byoyomi.
        const bool fischer = m[3].length() > 0;
        auto c = control_of(std::stol(m[1]), fischer ? 0 : std::stol(m[2]), fischer ? std::stol(m[2]) : 0);
        if (c.is_timed()) return c;
    }
    return std::nullopt;
}


void convert_shogi(Build& b, const GameRecord& r, const rulebook::Library& library) {
    using BB = core::WideBitboard<2>;
    // The game whose game file reads this format of record (records.formats), as the record names it.
    const core::GameDefinitionPtr def = record_game(library, r.format, r.game);
    if (!def)
        throw InputError({b.file, r.line, 0}, "game " + std::to_string(b.number) + ": no game file reads " + r.format +
                                                  " records of \"" + r.game + "\"");
    b.game = def->id;
    b.default_rulebook = def->profile.default_rulebook;
    name_sides(b, def->side_names[0], def->side_names[1], library);
    if (auto ja = def->profile.side_names.find("ja"); ja != def->profile.side_names.end()) b.sides_ja = ja->second;
    core::BasicPosition<BB> start = core::BasicPosition<BB>::start(def);
    if (r.start != "startpos") {
        start = core::BasicPosition<BB>::from_sfen(def, r.start, b.file);
        b.start_yaml = "{sfen: " + yaml_quoted(r.start) + "}";
    }
    core::BasicGame<BB> game(start);
    if (r.format == "kif") {
        b.event_name = r.header("棋戦");
        for (const char* k : {"開始日時", "棋戦", "場所", "持ち時間", "先手", "後手", "まで"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + "：" + v);
        b.control = kif_control(r.header("持ち時間"), b);
    } else {
        b.event_name = r.header("EVENT");
        for (const char* k : {"sente", "gote", "EVENT", "START_TIME", "TIME_LIMIT", "TIME"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + ": " + v);
        b.control = csa_control(r, b);
    }
    ClockTrack clocks(b.control, int(start.side_to_move()));
    std::array<std::optional<Ms>, 2> total{};
    int ply = 0;
    for (const auto& m : r.moves) {
        ++ply;
        const auto& pos = game.position();
        const int mover = int(pos.side_to_move());
        const core::ParsedMove parsed = core::read_usi(pos, m.move);
        // The last move of a record that ends by the mover's illegal move (KIF 反則勝ち, CSA %-ILLEGAL_ACTION after
        // sente's move...) is held on the board as written, and the opponent points it out.
        const bool last = ply == int(r.moves.size());
        if (!parsed.ok() && last && r.termination == Termination::illegal_move && r.terminated_by == mover &&
            parsed.status == core::MoveParseStatus::illegal && !(parsed.move == core::Move::none())) {
            game.play_illegal(parsed.move);
            clocks.press(mover, m.elapsed.value_or(Ms{0}));
            add_move(b, clocks.now(), m.move, false, m.line, m.column, "illegal: " + parsed.message);
            b.add({clocks.now(), "claim: {by: " + b.sides[1 - mover] + ", kind: illegal_move}",
                                 "the record's ending: " + r.termination_text});
            b.illegal_held = true;
            continue;
        }
        if (!parsed.ok())
            b.fail(m.line, m.column, ply, "move " + m.move + " cannot be played: " + parsed.message);
        if (m.total) {
            if (total[mover] && *m.total < *total[mover])
                b.fail(m.line, m.column, ply,
                       "the time used goes back from " + clock::format_clock(*total[mover]) + " to " + clock::format_clock(*m.total));
            total[mover] = m.total;
        }
        game.play(parsed.move);
        clocks.press(mover, m.elapsed.value_or(Ms{0}));
        b.check_flag(clocks, ply);
        add_move(b, clocks.now(), m.move, false, m.line, m.column);
    }
    auto& rec = b.recorded;
    rec.text = r.termination_text;
    const int to_move = int(game.position().side_to_move());
    const int actor = r.terminated_by >= 0 ? r.terminated_by : to_move;
    switch (r.termination) {
        case Termination::resign:
            rec.ending = "resignation";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            add_resignation(b, clocks, actor);
            break;
        case Termination::checkmate:
            rec.ending = "checkmate";
            rec.by = b.sides[to_move];
            set_score(rec, b.sides, 1 - to_move, false);
            break;
        case Termination::sennichite:
            rec.ending = "sennichite";
            if (r.terminated_by >= 0) {
                rec.by = b.sides[r.terminated_by];
                set_score(rec, b.sides, 1 - r.terminated_by, false);
            } else {
                set_score(rec, b.sides, std::nullopt, true);
            }
            break;
        case Termination::impasse:
            if (r.format == "kif" && r.terminated_by < 0) {
                // KIF 持将棋: the players agreed the impasse (a draw), as professional and club games end it.
                rec.ending = "impasse_agreed";
                rec.by = b.sides[1 - to_move];
                set_score(rec, b.sides, std::nullopt, true);
                add_agreement(b, clocks, 1 - to_move);
                break;
            }
            rec.ending = "declaration";
            rec.by = b.sides[actor];
            if (r.terminated_by < 0)
                b.warn("\"" + r.termination_text + "\" does not say who declared: taken as a declaration by " + b.sides[actor] +
                           ", the side to move (the only one who may declare)",
                       "「" + r.termination_text + "」は宣言した側を記していない：宣言できるのは手番の側だけなので、手番の" +
                           b.sides_ja[std::size_t(actor)] + "の宣言とみなした");
            else
                set_score(rec, b.sides, actor, false);  // a declaration claims the win
            b.add({clocks.now(), "declare: {by: " + b.sides[actor] + ", kind: impasse}", "the record's declaration"});
            break;
        case Termination::time_up:
            rec.ending = "time_forfeit";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            add_flag_claim(b, clocks, actor);
            break;
        case Termination::illegal_move:
            rec.ending = "illegal_move";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            if (!b.illegal_held)
                b.warn("the record ends by an illegal move (\"" + r.termination_text +
                           "\") that it does not hold: the timeline ends with the last legal move",
                       "記録は反則負け（「" + r.termination_text + "」）で終わるが、その反則手を記していない：タイムラインは最後の正しい手で終わる");
            break;
        case Termination::abort: rec.ending = "abort"; break;
        case Termination::max_moves:
            rec.ending = "max_moves";
            set_score(rec, b.sides, std::nullopt, true);
            break;
        case Termination::draw_agreed:
            rec.ending = "draw_agreed";
            rec.by = b.sides[1 - to_move];
            set_score(rec, b.sides, std::nullopt, true);
            add_agreement(b, clocks, 1 - to_move);
            break;
        case Termination::game_over:
        case Termination::unknown: rec.ending = "unknown"; break;
    }
    // KIF's summary line ("まで181手で先手の勝ち", "まで85手で千日手") says who won in the record's words: it fills a
    // score the ending leaves open and is checked against one it gives.
    if (r.format == "kif") {
        const std::string summary = r.header("まで");
        std::optional<int> winner;
        bool draw = false;
        if (summary.find("先手の勝ち") != std::string::npos || summary.find("下手の勝ち") != std::string::npos) winner = 0;
        else if (summary.find("後手の勝ち") != std::string::npos || summary.find("上手の勝ち") != std::string::npos) winner = 1;
        else if (summary.find("千日手") != std::string::npos || summary.find("持将棋") != std::string::npos ||
                 summary.find("引き分け") != std::string::npos)
            draw = true;
        if (winner || draw) {
            RecordedEnding said;
            set_score(said, b.sides, winner, draw);
            if (rec.score.empty()) rec.score = said.score;
            else if (rec.score != said.score)
                b.warn("the summary line \"" + summary + "\" gives another result than the ending \"" + r.termination_text + "\"",
                       "結果の行「" + summary + "」と終局の記録「" + r.termination_text + "」とで勝敗が食い違う");
        }
    }
}

}  // namespace arbiter::procedure::convert
