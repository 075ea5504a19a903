// Ruling one game of an audit (audit_game.h).
#include "records/audit_game.h"

#include "records/audit_summary.h"

#include <algorithm>
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
        RecordGame converted = own ? own->take_game(task.index, library, {}, true)
                                   : task.record->game(task.index, library, {}, true);
        out.game = converted.game;
        out.tags = std::move(converted.tags);
        out.warnings = std::move(converted.warnings);
        // The rulebooks of this game, each looked up once.
        std::vector<std::pair<const std::string*, const rulebook::Rulebook*>> mine;
        for (const auto& id : rulebooks)
            if (const auto* book = library.find(id); book && book->game == converted.game) mine.emplace_back(&id, book);
        if (rulebooks.empty()) mine.emplace_back(&converted.rulebook, library.find(converted.rulebook));
        if (mine.empty())
            throw InputError({task.file, 0, 0}, "game " + std::to_string(task.index) + " is " + converted.game +
                                                    "; no rulebook of --rulebook(s) rules it");
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
            const Run run = runner.run(timeline, *book);
            out.sides = run.sides;
            RulingOutcome r;
            r.rulebook = *id;
            r.status = run.result.status;
            r.score = run.result.score;
            r.topic = run.result.topic;
            r.article = run.result.article;
            r.count = ruled_count(run);
            r.agrees = agrees(converted.recorded, run);
            out.rulings.push_back(std::move(r));
        }
        out.recorded = std::move(converted.recorded);
    } catch (const InputError& e) {
        reject(out, e);
    } catch (const std::exception& e) {
        // Whatever else a game's data sets off (a hook's budget, a limit of the board code) rejects that game only.
        reject(out, InputError({task.file, task.first_line, 0}, "game " + std::to_string(task.index) + ": " + e.what()));
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

AuditedGame audit_from_json(const nlohmann::json& line, const SourceLocation& where) {
    AuditedGame g;
    try {
        g.file = line.at("file").get<std::string>();
        g.index = line.at("index").get<int>();
        if (line.contains("error")) {
            const auto& e = line["error"];
            g.error.emplace(SourceLocation{e.at("file").get<std::string>(), e.at("line").get<int>(), e.at("column").get<int>()},
                            e.at("message").get<std::string>());
            return g;
        }
        g.game = line.at("game").get<std::string>();
        g.sides = line.at("sides").get<std::array<std::string, 2>>();
        g.plies = line.at("plies").get<long>();
        const auto& rec = line.at("recorded");
        g.recorded.ending = rec.at("ending").get<std::string>();
        g.recorded.by = rec.value("by", "");
        g.recorded.text = rec.at("text").get<std::string>();
        g.recorded.text_ja = rec.value("text_ja", "");
        if (rec.at("score").is_object()) g.recorded.score = rec["score"].get<std::map<std::string, double>>();
        if (rec.contains("discs")) g.recorded.discs = rec["discs"].get<std::map<std::string, int>>();
        g.recorded.not_comparable = rec.value("not_comparable", "");
        g.recorded.not_comparable_ja = rec.value("not_comparable_ja", "");
        for (const auto& book : line.at("rulebooks")) {
            const std::string id = book.get<std::string>();
            const auto& r = line.at("rulings").at(id);
            RulingOutcome o;
            o.rulebook = id;
            const auto status = r.at("status").get<std::string>();
            for (Status s : {Status::ongoing, Status::pending, Status::ended})
                if (status_name(s) == status) o.status = s;
            if (r.at("score").is_object())
                o.score = std::array<double, 2>{r["score"].at(g.sides[0]).get<double>(), r["score"].at(g.sides[1]).get<double>()};
            o.topic = r.at("topic").get<std::string>();
            o.article = r.at("article").get<std::string>();
            if (r.contains("count"))
                o.count = std::array<int, 2>{r["count"].at(g.sides[0]).get<int>(), r["count"].at(g.sides[1]).get<int>()};
            const auto& a = line.at("agrees").at(id);
            if (!a.is_null()) o.agrees = a.get<bool>();
            g.rulings.push_back(std::move(o));
        }
    } catch (const nlohmann::json::exception& e) {
        throw InputError(where, std::string("not a line of `arbiter audit --format jsonl`: ") + e.what());
    }
    return g;
}

}  // namespace arbiter::procedure::audit
