// Ruling one game of an audit (audit_game.h).
#include "records/audit_game.h"

#include "records/audit_board.h"
#include "records/audit_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <new>
#include <sstream>

namespace arbiter::procedure::audit {

namespace {

void reject(AuditedGame& out, const InputError& e) {
    out.error.emplace(e);
    out.rulings.clear();
}

}  // namespace

AuditedGame audit_game(const GameTask& task, const rulebook::Library& library, Runner& runner,
                       const std::vector<std::string>& rulebooks, AuditHeads* heads) {
    AuditedGame out;
    audit_game_into(out, task, library, runner, rulebooks, heads);
    return out;
}

void audit_game_into(AuditedGame& out, const GameTask& task, const rulebook::Library& library, Runner& runner,
                     const std::vector<std::string>& rulebooks, AuditHeads* heads) {
    out.file = task.file;
    out.index = task.index;
    if (task.error) {
        out.error = task.error;
        return;
    }
    try {
        std::optional<RecordFile> own;
        if (!task.record) own.emplace(RecordFile::read_pgn_game(task.pgn, task.file, task.index, task.first_line));
        // A game read for this audit alone gives its tags up instead of copying them.
        // Under rulebooks named by the audit, the converter's default rulebook is not looked up (RecordFile::game).
        const bool replaced = !rulebooks.empty();
        RecordGame converted = own ? own->take_game(task.index, library, {}, true, replaced)
                                   : task.record->game(task.index, library, {}, true, replaced);
        out.game = converted.game;
        out.tags = std::move(converted.tags);
        out.warnings = std::move(converted.warnings);
        // The rulebooks of this game, each looked up once.
        std::vector<std::pair<const std::string*, const rulebook::Rulebook*>> mine;
        for (const auto& id : rulebooks)
            if (const auto* book = library.find(id); book && book->game == converted.game) mine.emplace_back(&id, book);
        if (rulebooks.empty()) mine.emplace_back(&converted.rulebook, library.find(converted.rulebook));
        if (mine.empty())
            throw InputError({task.file, 0, 0}, Text{"game " + std::to_string(task.index) + " is " + converted.game +
                                                         "; no rulebook of --rulebook(s) rules it",
                                                     "第 " + std::to_string(task.index) + " 局は " + converted.game +
                                                         "：--rulebook(s) のどの規則書も裁定しない"});
        // The moves are the parts with an action (the head's entries are places without one): counted here, where
        // no string is compared, and before the last timeline takes the parts.
        const long plies = long(std::count_if(converted.parts.begin(), converted.parts.end(),
                                              [](const Entry& e) { return !e.action.empty(); }));
        for (const auto& [id, book] : mine) {
            // One conversion serves every rulebook: the timeline is read again with the event's rulebook replaced,
            // so each rulebook's own checks of the event still run. The last takes the converted entries.
            const Timeline timeline = id == mine.back().first ? take_audit_timeline(converted, library, *id, heads)
                                                              : audit_timeline(converted, library, *id, heads);
            out.plies = plies;
            // What the record stated about its event and this rulebook did not take (the rulebook's value ruled).
            out.warnings.insert(out.warnings.end(), timeline.event.declared_aside.begin(),
                                timeline.event.declared_aside.end());
            // The board knows the record's moves as the converter read them (audit_board.h).
            const Run run = runner.run(timeline, *book, [&](std::unique_ptr<Board> board, AnalysisMemo* memo) {
                return audit_board(std::move(board), timeline, converted.readings, memo);
            });
            out.sides = run.sides;
            RulingOutcome r;
            r.rulebook = *id;
            r.status = run.result.status;
            r.score = run.result.score;
            r.topic = run.result.topic;
            r.article = run.result.article;
            r.count = ruled_count(run);
            r.squares = run.result.squares;
            r.agrees = agrees(converted.recorded, run);
            // A game the rulebook does not end, by a rule that applied to the record's last entry (a replay after
            // sennichite, a claim rejected): that rule's article is the disagreement's.
            if (r.status == Status::ongoing && r.article.empty() && !run.rulings.empty() &&
                !run.rulings.back().article.empty() &&
                std::size_t(run.rulings.back().entry) + 1 == timeline.entries.size()) {
                r.topic = run.rulings.back().topic;
                r.article = run.rulings.back().article;
            }
            // A game left to the arbiter: the rule that asks for the decision names it (a tie the draw-win right
            // decides, where the record does not say who held it), as `run` prints it under "Pending".
            if (r.status == Status::pending && r.topic.empty() && !run.pending.empty()) {
                r.topic = run.pending.front().topic;
                r.article = run.pending.front().article;
            }
            out.rulings.push_back(std::move(r));
        }
        out.recorded = std::move(converted.recorded);
    } catch (const InputError& e) {
        reject(out, e);
    } catch (const std::bad_alloc&) {
        reject(out, InputError({task.file, task.first_line, 0},
                               Text{"game " + std::to_string(task.index) +
                                        ": out of memory (the process's memory limit was reached while ruling this "
                                        "game)",
                                    "第 " + std::to_string(task.index) +
                                        " 局：メモリ不足（この対局の裁定中にプロセスのメモリの上限に達した）"}));
    } catch (const std::exception& e) {
        // Whatever else a game's data sets off (a hook's budget, a limit of the board code) rejects that game only.
        reject(out, InputError({task.file, task.first_line, 0},
                               Text{"game " + std::to_string(task.index) + ": " + e.what(),
                                    "第 " + std::to_string(task.index) + " 局：裁定できない（" + e.what() + "）"}));
    }
}

std::string score_text(const std::array<std::string, 2>& sides, const std::array<double, 2>& score) {
    std::ostringstream s;
    s << sides[0] << ' ' << nlohmann::json(score[0]).dump() << ", " << sides[1] << ' ' << nlohmann::json(score[1]).dump();
    return s.str();
}

nlohmann::json audit_json(const AuditedGame& game) {
    nlohmann::json line = {{"file", game.file}, {"index", game.index}};
    if (game.error) {
        const auto& at = game.error->where();
        line["error"] = {{"file", at.file}, {"line", at.line}, {"column", at.column}, {"message", game.error->message()}};
        return line;
    }
    line["game"] = game.game;
    line["sides"] = game.sides;
    nlohmann::json tags = nlohmann::json::object();
    for (const auto& [key, value] : game.tags)
        if (!tags.contains(key)) tags[key] = value;  // the first of a repeated tag, as PgnGame::tag reads it
    line["tags"] = tags;
    line["recorded"] = recorded_json(game.recorded);
    nlohmann::json rulings = nlohmann::json::object();
    nlohmann::json agree = nlohmann::json::object();
    for (const auto& r : game.rulings) {
        nlohmann::json one = {{"status", std::string(status_name(r.status))}, {"topic", r.topic}, {"article", r.article}};
        if (r.score) one["score"] = {{game.sides[0], (*r.score)[0]}, {game.sides[1], (*r.score)[1]}};
        else one["score"] = nullptr;
        if (r.count) one["count"] = {{game.sides[0], (*r.count)[0]}, {game.sides[1], (*r.count)[1]}};
        if (r.count && r.squares) one["squares"] = *r.squares;
        rulings[r.rulebook] = one;
        agree[r.rulebook] = r.agrees ? nlohmann::json(*r.agrees) : nlohmann::json(nullptr);
        if (!r.agrees) rulings[r.rulebook]["not_comparable"] = not_comparable_reason(game, r, rulebook::Lang::en);
    }
    line["rulings"] = rulings;
    line["agrees"] = agree;
    nlohmann::json order = nlohmann::json::array();  // the rulebooks in the order given (the keys above are sorted)
    for (const auto& r : game.rulings) order.push_back(r.rulebook);
    line["rulebooks"] = order;
    add_warnings(line, game.warnings);
    line["plies"] = game.plies;
    return line;
}

namespace {

// nlohmann's message without its "[json.exception.type_error.302] " prefix: the library's name is no part of what
// the user is told.
std::string json_reason(const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (what.rfind("[json.exception.", 0) == 0)
        if (const auto close = what.find("] "); close != std::string::npos) what.erase(0, close + 2);
    return what;
}

// A whole number from `min` to `max` at `key` of `j` (JSON numbers of any kind arrive here: -5, 2^64-1, 1.5e308).
long whole_number(const nlohmann::json& j, const char* key, long min, long max, const SourceLocation& where) {
    const auto& v = j.at(key);
    bool ok = false;
    long n = 0;
    if (v.is_number_unsigned()) {
        ok = v.get<std::uint64_t>() <= std::uint64_t(max);
        n = ok ? long(v.get<std::uint64_t>()) : 0;
    } else if (v.is_number_integer()) {
        n = v.get<std::int64_t>();
        ok = true;
    }
    if (!ok || n < min || n > max)
        throw InputError(where, std::string("\"") + key + "\" is " + v.dump().substr(0, 40) +
                                    "; expected a whole number from " + std::to_string(min) + " to " +
                                    std::to_string(max) + " (a line of `arbiter audit --format jsonl`)");
    return n;
}

// A score: a finite number (a point, half a point or nothing in every bundled rulebook; a federation's own
// scale may be wider, so only a value no sum can carry is refused).
double score_value(const nlohmann::json& v, const SourceLocation& where) {
    const double x = v.get<double>();
    if (!v.is_number() || !std::isfinite(x) || std::fabs(x) > 1e6)
        throw InputError(where, "a score of " + v.dump().substr(0, 40) +
                                    "; expected a finite number (a line of `arbiter audit --format jsonl`)");
    return x;
}

}  // namespace

AuditedGame audit_from_json(const nlohmann::json& line, const SourceLocation& where) {
    AuditedGame g;
    // A game has at most a few thousand plies; the bound keeps any sum of them far from overflowing.
    constexpr long MaxPlies = 10'000'000;
    try {
        if (!line.is_object())
            throw InputError(where, "found " + std::string(line.type_name()) +
                                        "; expected an object per line, from `arbiter audit --format jsonl`");
        g.file = line.at("file").get<std::string>();
        g.index = int(whole_number(line, "index", 0, 1'000'000'000, where));
        if (line.contains("error")) {
            const auto& e = line["error"];
            g.error.emplace(SourceLocation{e.at("file").get<std::string>(),
                                           int(whole_number(e, "line", 0, 1'000'000'000, where)),
                                           int(whole_number(e, "column", 0, 1'000'000'000, where))},
                            e.at("message").get<std::string>());
            return g;
        }
        g.game = line.at("game").get<std::string>();
        g.sides = line.at("sides").get<std::array<std::string, 2>>();
        g.plies = whole_number(line, "plies", 0, MaxPlies, where);
        const auto& rec = line.at("recorded");
        g.recorded.ending = rec.at("ending").get<std::string>();
        g.recorded.by = rec.value("by", "");
        g.recorded.text = rec.at("text").get<std::string>();
        g.recorded.text_ja = rec.value("text_ja", "");
        if (rec.at("score").is_object())
            for (const auto& [side, v] : rec["score"].items()) g.recorded.score[side] = score_value(v, where);
        if (rec.contains("discs"))
            for (const auto& [side, v] : rec["discs"].items()) {
                const nlohmann::json one = {{"discs", v}};
                g.recorded.discs[side] = int(whole_number(one, "discs", 0, 64, where));
            }
        g.recorded.not_comparable = rec.value("not_comparable", "");
        g.recorded.not_comparable_ja = rec.value("not_comparable_ja", "");
        for (const auto& book : line.at("rulebooks")) {
            const std::string id = book.get<std::string>();
            const auto& r = line.at("rulings").at(id);
            RulingOutcome o;
            o.rulebook = id;
            const auto status = r.at("status").get<std::string>();
            bool known = false;
            for (Status s : {Status::ongoing, Status::pending, Status::ended})
                if (status_name(s) == status) o.status = s, known = true;
            if (!known)
                throw InputError(where, "rulings." + id + ".status is \"" + status.substr(0, 40) +
                                            "\"; expected ongoing, pending or ended");
            if (r.at("score").is_object())
                o.score = std::array<double, 2>{score_value(r["score"].at(g.sides[0]), where),
                                                score_value(r["score"].at(g.sides[1]), where)};
            o.topic = r.at("topic").get<std::string>();
            o.article = r.at("article").get<std::string>();
            if (r.contains("count"))
                o.count = std::array<int, 2>{int(whole_number(r["count"], g.sides[0].c_str(), 0, MaxPlies, where)),
                                             int(whole_number(r["count"], g.sides[1].c_str(), 0, MaxPlies, where))};
            if (r.contains("squares")) o.squares = int(whole_number(r, "squares", 0, MaxPlies, where));
            const auto& a = line.at("agrees").at(id);
            if (!a.is_null()) o.agrees = a.get<bool>();
            g.rulings.push_back(std::move(o));
        }
    } catch (const nlohmann::json::exception& e) {
        throw InputError(where, "not a line of `arbiter audit --format jsonl`: " + json_reason(e));
    }
    return g;
}

}  // namespace arbiter::procedure::audit
