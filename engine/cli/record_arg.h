// A game record where a timeline is accepted (run, compare, validate, import, audit): the file's format is found
// from its extension and content (records/record_timeline.h), one game is converted (--game N, 1-based), and the
// conversion's warnings go to stderr.
#pragma once

#include "records/record_timeline.h"

#include <iostream>
#include <optional>
#include <string>

namespace arbiter::cli {

// Whether `file` is a game record (as opposed to a YAML timeline).
inline bool is_record(const std::string& file) {
    return procedure::record_format_of_file(file) != procedure::RecordFormat::none;
}

// The help text every command that takes a record shares.
inline const char* record_help() {
    return "A game record is accepted wherever a timeline is: PGN (.pgn, several games, [%clk]/[%emt], TimeControl,\n"
           "Result, Termination), KIF (.kif, UTF-8 or Shift_JIS), CSA (.csa), GGF (.ggf), an othello transcript\n"
           "(.txt, f5d6c3...) and WTHOR (.wtb); the format comes from the extension, else from the content.\n"
           "--game N picks one game of a many-game file (1-based, the first by default). Without --rulebook a\n"
           "record is ruled under fide-2009 (chess), csa-computer-shogi (shogi) or joa-othello-2014 (othello).\n"
           "JSON output adds `recorded` (the record's own result and ending) and `agrees` (whether the ruling\n"
           "matches it; null when the record gives no result or the ruling is pending).";
}

// Converts game `number` of `file`; warnings go to stderr as "arbiter: warning: file: game N: ...".
inline procedure::RecordGame convert_record(const std::string& file, int number, const rulebook::Library& library,
                                            const std::string& rulebook_id) {
    const auto record = procedure::RecordFile::open(file);
    auto game = record.game(number, library, rulebook_id);
    for (const auto& w : game.warnings) std::cerr << "arbiter: warning: " << file << ": " << w << '\n';
    return game;
}

// One line for text output: what the record says and whether the ruling agrees.
inline std::string recorded_line(const procedure::RecordGame& game, const procedure::Run& run) {
    const auto& r = game.recorded;
    std::string line = "Recorded: " + (r.ending.empty() ? std::string("unknown") : r.ending);
    if (!r.by.empty()) line += " by " + r.by;
    if (!r.text.empty()) line += " (" + r.text + ")";
    if (!r.score.empty()) {
        line += ", score";
        for (const auto& side : run.sides) {
            const auto it = r.score.find(side);
            if (it != r.score.end()) line += " " + side + " " + nlohmann::json(it->second).dump();
        }
    }
    const auto a = procedure::agrees(r, run);
    line += std::string("; ruling ") + (!a ? "not comparable" : *a ? "agrees" : "DISAGREES");
    return line + '\n';
}

}  // namespace arbiter::cli
