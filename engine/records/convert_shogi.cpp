// KIF and CSA games as timeline entries: USI moves replayed, per-move times as instants, the endings (投了, 千日手,
// 時間切れ, 入玉, %TORYO, %KACHI...) as the entries they stand for.
#include "records/convert.h"

#include "core/traditional_notation.h"
#include "rulebook/warnings.h"

namespace arbiter::procedure::convert {

namespace {

// Hand-written scanners in place of std::regex: the library's matcher recurses once per character, so a long
// header (a 100,000-letter $EVENT) overflowed the stack, and each match copied the rest of the text.

// The digits at the front of `s`, between `min` and `max` of them and not followed by another digit; advances `s`.
std::optional<long> take_digits(std::string_view& s, std::size_t min, std::size_t max) {
    std::size_t n = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
    if (n < min || n > max) return std::nullopt;
    long v = 0;
    for (std::size_t k = 0; k < n; ++k) v = v * 10 + (s[k] - '0');
    s.remove_prefix(n);
    return v;
}

// Consumes `what` at the front of `s` if it is there.
bool take(std::string_view& s, std::string_view what) {
    if (!starts_with(s, what)) return false;
    s.remove_prefix(what.size());
    return true;
}

bool is_word(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Each occurrence of `what` removed, and again where a removal brings a new one together ("切れ切れ負け負け"),
// in one pass: the output is checked for `what` at its end after each byte.
void erase_all(std::string& s, std::string_view what) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        out += c;
        if (out.size() >= what.size() && std::string_view(out).substr(out.size() - what.size()) == what)
            out.resize(out.size() - what.size());
    }
    s = std::move(out);
}

// The floodgate event name's time control: the first "+<word>-<1-7 digits>-<1-6 digits>[F]+" in `event`. The
// word cannot hold '-', so each '+' leads to at most one candidate, and each candidate's letters are read once.
struct EventControl {
    long first, second;
    bool fischer;
};
std::optional<EventControl> event_control(std::string_view event) {
    for (std::size_t at = event.find('+'); at != std::string_view::npos; at = event.find('+', at + 1)) {
        std::string_view s = event.substr(at + 1);
        std::size_t word = 0;
        while (word < s.size() && is_word(s[word])) ++word;
        s.remove_prefix(word);
        if (!take(s, "-")) continue;
        auto first = take_digits(s, 1, 7);
        if (!first || !take(s, "-")) continue;
        auto second = take_digits(s, 1, 6);
        if (!second) continue;
        const bool fischer = take(s, "F");
        if (take(s, "+")) return EventControl{*first, *second, fischer};
    }
    return std::nullopt;
}

}  // namespace

// Reads a number of whole units ("6時間", "5分", "30秒", "1時間30分") from the start of `s`; advances `s`. Each unit
// comes at most once and larger before smaller, as a duration is written: a repeated unit ("5分5分") is text left
// over, which the caller refuses, not a sum.
std::optional<long> read_japanese_duration(std::string& s) {
    std::string_view rest = s;
    long total = 0;
    bool any = false;
    long smallest_unit = 0;  // the unit last read, in seconds; 0 before the first
    while (true) {
        std::string_view t = rest;
        auto n = take_digits(t, 1, 6);
        if (!n) break;
        long unit = 0;
        if (take(t, "時間")) unit = 3600;
        else if (take(t, "分")) unit = 60;
        else if (take(t, "秒")) unit = 1;
        if (unit == 0 || (smallest_unit != 0 && unit >= smallest_unit)) break;
        smallest_unit = unit;
        total += *n * unit;
        rest = t;
        any = true;
        // A sum past any clock's range stops here: the text left over makes the caller refuse it.
        if (total > 100L * 365 * 86400) break;
    }
    s.erase(0, s.size() - rest.size());
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

// ShogiHome's 持ち時間 (src/renderer/record/manager.ts at sunfish-shogi/shogihome@040d2921): "MM:SS+B", main time
// in minutes and seconds (its secondsToMMSS, not the hh:mm of CSA's $TIME_LIMIT) and byoyomi seconds; or, when
// either side has an increment, "T+B+I" in seconds, as CSA V3's $TIME. Its e2e scenario 15 sends Total_Time:10 and
// writes "00:10+30", and the game is lost on time after 33 s, which only ten seconds of main time allow. Shogi Wars
// records exported by shogi-extend write the same shape as hours:minutes ("00:03+00" for a 3-minute game), so a
// colon form is read as `reading` says, or where only one reading is possible (a first field of 24 or more is
// minutes); otherwise `ambiguous` is set and no control is read: a wrong one would rule flags the players never had.
namespace {
struct ColonForm {
    long first = 0, second = 0, byoyomi = 0;
};

// "NN:NN+B" taken apart (the second field under 60), or nullopt.
std::optional<ColonForm> colon_form(std::string_view t) {
    auto first = take_digits(t, 1, 6);
    if (!first || !take(t, ":")) return std::nullopt;
    auto second = take_digits(t, 2, 2);
    auto b2 = second && *second < 60 && take(t, "+") ? take_digits(t, 1, 6) : std::nullopt;
    if (!b2 || !t.empty()) return std::nullopt;
    return ColonForm{*first, *second, *b2};
}

// Main time in seconds of `f` read as `reading` (not unknown).
long colon_main_seconds(const ColonForm& f, ColonClock reading) {
    return reading == ColonClock::hours_minutes ? f.first * 3600 + f.second * 60 : f.first * 60 + f.second;
}

std::optional<clock::TimeControl> shogihome_control(std::string_view s, ColonClock reading, bool& ambiguous) {
    long main_s = 0, byoyomi = 0, increment = 0;
    if (s.find(':') != std::string_view::npos) {
        const auto f = colon_form(s);
        if (!f) return std::nullopt;
        if (f->first < 24 && reading == ColonClock::unknown) {
            ambiguous = true;
            return std::nullopt;
        }
        main_s = colon_main_seconds(*f, f->first < 24 ? reading : ColonClock::minutes_seconds);
        byoyomi = f->byoyomi;
    } else {
        std::string_view t = s;
        auto first = take_digits(t, 1, 6);
        auto b2 = first && take(t, "+") ? take_digits(t, 1, 6) : std::nullopt;
        auto inc = b2 && take(t, "+") ? take_digits(t, 1, 6) : std::nullopt;
        if (!inc || !t.empty()) return std::nullopt;
        main_s = *first;
        byoyomi = *b2;
        increment = *inc;
    }
    // A control with no time at all, or that the clock refuses, is no control: the caller warns.
    auto c = control_of(main_s, byoyomi, increment);
    if (c.kind != clock::TimeControl::Kind::periods || (main_s == 0 && byoyomi == 0)) return std::nullopt;
    return c;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// Whether the times `r` records allow main time `main_s` and byoyomi `byoyomi_s`: after each move but the last
// (a flag may fall on it), its mover's total time used is at most the main time and one byoyomi per move made so
// far, with a second for the record's rounding (and one per move when there is a byoyomi: a move within it may be
// written a second over when rounded up).
bool times_allow(const GameRecord& r, long main_s, long byoyomi_s) {
    int mover = r.start != "startpos" && r.start.find(" w ") != std::string::npos ? 1 : 0;
    std::array<long, 2> made{};
    for (std::size_t k = 0; k + 1 < r.moves.size(); ++k, mover = 1 - mover) {
        ++made[mover];
        const auto& total = r.moves[k].total;
        const long slack = 1 + (byoyomi_s > 0 ? made[mover] : 0);
        if (total && total->count() > (main_s + made[mover] * byoyomi_s + slack) * 1000) return false;
    }
    return true;
}
}  // namespace

ColonClock kif_colon_reading(const GameRecord& r, const std::string& text) {
    if (contains(r.writer_line, "Generated by Electron Shogi") || contains(r.writer_line, "ShogiHome"))
        return ColonClock::minutes_seconds;
    if (contains(r.header("棋戦"), "将棋ウォーズ") || contains(r.comment, "shogi-extend.com"))
        return ColonClock::hours_minutes;
    for (const char* key : {"先手の戦型", "後手の戦型", "先手の囲い", "後手の囲い", "先手の戦法", "後手の戦法"})
        if (!r.header(key).empty()) return ColonClock::hours_minutes;
    const auto f = colon_form(text);
    if (!f) return ColonClock::unknown;
    const bool as_ms = times_allow(r, colon_main_seconds(*f, ColonClock::minutes_seconds), f->byoyomi);
    const bool as_hm = times_allow(r, colon_main_seconds(*f, ColonClock::hours_minutes), f->byoyomi);
    if (as_ms == as_hm) return ColonClock::unknown;
    return as_ms ? ColonClock::minutes_seconds : ColonClock::hours_minutes;
}

// KIF 持ち時間: "6時間", "各6時間", "5分+30秒" (81Dojo: byoyomi), "0分+10秒", "10分切れ負け", "1時間30分 秒読み60秒",
// and ShogiHome's "00:10+30" and "30+0+5" (above).
std::optional<clock::TimeControl> kif_control(const std::string& text, Build& b, ColonClock reading) {
    if (text.empty()) return std::nullopt;
    if (text.find_first_not_of("0123456789:+") == std::string::npos) {
        bool ambiguous = false;
        if (auto c = shogihome_control(text, reading, ambiguous)) {
            // Seconds by the writer's own definition: a 30-second game is one, not a "30" meant as minutes.
            b.control_confirmed = true;
            return c;
        }
        if (ambiguous) {
            b.warn("持ち時間 \"" + text + "\" is read neither way (hours:minutes in Shogi Wars exports, "
                   "minutes:seconds in ShogiHome): the event gets no time control; `import` writes the timeline, "
                   "whose event's time_control can be set by hand",
                   "持ち時間「" + text + "」は時:分（将棋ウォーズの棋譜）とも分:秒（ShogiHome）とも読めるため読まない："
                   "持ち時間を定めずに対局を扱う（import で書き出した対局記録の event の time_control に指定できる）");
            return std::nullopt;
        }
        b.warn("持ち時間 \"" + text + "\" cannot be read: the event gets no time control",
               "持ち時間「" + text + "」が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    std::string s = text;
    for (std::string_view what : {" ", "　", "各", "切れ負け"}) erase_all(s, what);
    auto main = read_japanese_duration(s);
    long byoyomi = 0;
    if (main && (starts_with(s, "+") || starts_with(s, "秒読み"))) {
        s.erase(0, starts_with(s, "+") ? 1 : std::string("秒読み").size());
        if (auto b2 = read_japanese_duration(s)) byoyomi = *b2;
    }
    // "0分+10秒": byoyomi alone (81Dojo writes it so), every move within the byoyomi.
    if (!main || !s.empty() || *main < 0 || (*main == 0 && byoyomi <= 0)) {
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
    const std::string limit = r.header("TIME_LIMIT");
    if (!limit.empty()) {
        std::string_view s = limit;
        auto hours = take_digits(s, 1, 4);
        std::optional<long> minutes, byoyomi;
        if (hours && take(s, ":") && s.size() >= 2 && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9') {
            minutes = (s[0] - '0') * 10 + (s[1] - '0');
            s.remove_prefix(2);
            if (take(s, "+")) byoyomi = take_digits(s, 1, 6);
        }
        if (byoyomi && s.empty()) {
            auto c = control_of(*hours * 3600 + *minutes * 60, *byoyomi, 0);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME_LIMIT:" + limit + " cannot be read: the event gets no time control",
               "$TIME_LIMIT:" + limit + " が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    const std::string time = r.header("TIME");
    if (!time.empty()) {
        std::string_view s = time;
        auto main = take_digits(s, 1, 7);
        std::optional<long> byoyomi = 0, increment = 0;
        if (main && take(s, "+")) {
            byoyomi = take_digits(s, 1, 6);
            if (byoyomi && take(s, "+")) increment = take_digits(s, 1, 6);
        }
        if (main && byoyomi && increment && s.empty()) {
            auto c = control_of(*main, *byoyomi, *increment);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME:" + time + " cannot be read: the event gets no time control",
               "$TIME:" + time + " が読めない：持ち時間を定めずに対局を扱う");
        return std::nullopt;
    }
    if (auto e = event_control(r.header("EVENT"))) {
        // "-600-10F": 600 s and a 10 s Fischer increment; "-900-0", "-0-30": main time and byoyomi.
        auto c = control_of(e->first, e->fischer ? 0 : e->second, e->fischer ? e->second : 0);
        if (c.is_timed()) return c;
    }
    return std::nullopt;
}


void convert_shogi(Build& b, const GameRecord& r, const rulebook::Library& library) {
    using BB = core::WideBitboard<2>;
    // The game whose game file reads this format of record (records.formats), as the record names it.
    const core::GameDefinitionPtr def = record_game(library, r.format, r.game);
    if (!def)
        throw InputError({b.file, r.line, 0}, Text{"game " + std::to_string(b.number) + ": no game file reads " +
                                                       r.format + " records of \"" + r.game + "\"",
                                                   "第 " + std::to_string(b.number) + " 局：「" + r.game + "」の " +
                                                       r.format + " を読むゲームのファイルがない"});
    b.game = def->id;
    take_game_words(b, *def, library);
    core::BasicPosition<BB> start = core::BasicPosition<BB>::start(def);
    if (r.start != "startpos") {
        start = core::BasicPosition<BB>::from_sfen(def, r.start, b.file);
        b.start_yaml = "{sfen: " + yaml_quoted(r.start) + "}";
    }
    core::BasicGame<BB> game(start);
    take_declared(b, *def, r.format, [&r](const std::string& key) { return r.header(key); }, library);
    for (const auto& note : r.notes) b.warn(note[0], note[1]);
    // KIF and KI2 share their headers and summary line; KI2 records no times, so its 持ち時間 gives no clock (a
    // time forfeit in it cannot be checked).
    const bool kakinoki = r.format == "kif" || r.format == "ki2";
    if (kakinoki) {
        b.event_name = r.header("棋戦");
        for (const char* k : {"開始日時", "棋戦", "場所", "持ち時間", "先手", "後手", "まで"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + "：" + v);
    }
    if (r.format == "kif") {
        // Kifu for Windows writes the byoyomi in a header of its own (持ち時間：1時間, 秒読み：60秒): one control.
        std::string control = r.header("持ち時間");
        if (const auto byoyomi = r.header("秒読み"); !byoyomi.empty() && !control.empty() &&
                                                   control.find("秒読み") == std::string::npos &&
                                                   control.find('+') == std::string::npos)
            control += " 秒読み" + byoyomi;
        b.control = kif_control(control, b, kif_colon_reading(r, control));
    } else if (r.format == "csa") {
        b.event_name = r.header("EVENT");
        for (const char* k : {"sente", "gote", "EVENT", "START_TIME", "TIME_LIMIT", "TIME"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + ": " + v);
        b.control = csa_control(r, b);
    }
    ClockTrack clocks(b.control, int(start.side_to_move()));
    std::array<std::optional<Ms>, 2> total{};
    int ply = 0;
    // import --lang ja writes each move as a Japanese reader knows it beside its USI (core/traditional_notation.h).
    const bool traditional = !b.audit && rulebook::warnings_lang() == rulebook::Lang::ja;
    int previous_to = -1;
    const auto pieces = r.format == "ki2" ? core::record::kif_pieces(*def) : core::record::KifPieces{};
    for (const auto& m : r.moves) {
        ++ply;
        const auto& pos = game.position();
        const int mover = int(pos.side_to_move());
        std::string usi = m.move;
        if (r.format == "ki2") {
            // A KI2 move is found on the board: its words tell apart the pieces that could go there.
            const bool ends_illegal = ply == int(r.moves.size()) && r.termination == Termination::illegal_move &&
                                      r.terminated_by == mover;
            const auto k = core::record::read_ki2_move(pos, m.move, previous_to, pieces, ends_illegal);
            if (!k.ok) b.fail(m.line, m.column + k.column, ply, k.error);
            usi = core::to_usi(pos, k.move);
        }
        const core::ParsedMove parsed = core::read_usi(pos, usi);
        const std::string words = traditional ? core::to_traditional(pos, parsed.move, previous_to) : std::string();
        previous_to = parsed.move.is_none() ? -1 : int(parsed.move.to());
        // The last move of a record that ends by the mover's illegal move (KIF 反則勝ち, CSA %-ILLEGAL_ACTION after
        // sente's move...) is held on the board as written, and the opponent points it out.
        const bool last = ply == int(r.moves.size());
        if (!parsed.ok() && last && r.termination == Termination::illegal_move && r.terminated_by == mover &&
            parsed.status == core::MoveParseStatus::illegal && !(parsed.move == core::Move::none())) {
            game.play_illegal(parsed.move);
            clocks.press(mover, m.elapsed.value_or(Ms{0}));
            add_move(b, clocks.now(), usi, false, m.line, m.column,
                     (words.empty() ? "" : words + " ") + "illegal: " + parsed.message);
            b.add({clocks.now(), "claim: {by: " + b.sides[1 - mover] + ", kind: illegal_move}",
                                 "the record's ending: " + r.termination_text});
            b.illegal_held = true;
            continue;
        }
        if (!parsed.ok())
            b.fail(m.line, m.column, ply,
                   {"move " + usi + " cannot be played: " + parsed.message,
                    "手 " + usi + " を指せない：" + core::parse_failure_ja(parsed)});
        if (m.total) {
            if (total[mover] && *m.total < *total[mover])
                b.fail(m.line, m.column, ply,
                       {"the time used goes back from " + clock::format_clock(*total[mover]) + " to " +
                            clock::format_clock(*m.total),
                        "消費時間の累計が " + clock::format_clock(*total[mover]) + " から " +
                            clock::format_clock(*m.total) + " に戻る"});
            total[mover] = m.total;
        }
        game.play(parsed.move);
        // KIF times are whole seconds, and 81Dojo writes a move made in the last second of a 30-second byoyomi as
        // 0:30 in games that go on: such a move was within the time. CSA's T is the server's whole seconds rounded
        // down (shogi-server's time_clock.rb), and a move with T equal to the time left is never logged.
        if (r.format == "kif") clocks.press_within(mover, m.elapsed.value_or(Ms{0}));
        else clocks.press(mover, m.elapsed.value_or(Ms{0}));
        b.check_flag(clocks, ply);
        add_move(b, clocks.now(), usi, false, m.line, m.column, words);
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
            if (r.terminated_by < 0 && r.termination_text == "%OUTE_SENNICHITE") {
                // Fourfold repetition by perpetual check: the checking side loses. If the last move gave check its
                // mover is the checker; otherwise the side to move gave the check before the evasion that repeated.
                const int checker = game.position().is_check() ? 1 - to_move : to_move;
                rec.by = b.sides[checker];
                set_score(rec, b.sides, 1 - checker, false);
            } else if (r.terminated_by >= 0) {
                rec.by = b.sides[r.terminated_by];
                set_score(rec, b.sides, 1 - r.terminated_by, false);
            } else {
                set_score(rec, b.sides, std::nullopt, true);
            }
            break;
        case Termination::impasse:
            if (kakinoki && r.terminated_by < 0) {
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
            if (!b.illegal_held) {
                set_not_comparable(b, "lost by an illegal move the record does not hold",
                                   "記録にない反則手による反則負け");
                b.warn("the record ends by an illegal move (\"" + r.termination_text +
                           "\") that it does not hold: the timeline ends with the last legal move",
                       "記録は反則負け（「" + r.termination_text + "」）で終わるが、その反則手を記していない：タイムラインは最後の正しい手で終わる");
            }
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
    if (kakinoki) {
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
