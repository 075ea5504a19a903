// A game record where a timeline is accepted (run, compare, validate, import, audit): the file's format is found
// from its extension and content (records/record_timeline.h), one game is converted (--game N, 1-based), and the
// conversion's warnings go to stderr. The line under a ruling of a record is records/record_words.h recorded_line.
#pragma once

#include "records/record_timeline.h"
#include "report/text_table.h"
#include "rulebook/warnings.h"

#include <spdlog/spdlog.h>

#include <string>
#include <vector>

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

// The conversion's warnings on stderr through the log, so -q silences them, in the command's language (the
// warnings' language, rulebook/warnings.h): "arbiter: warning: FILE: game N: ..." or "arbiter: 警告: FILE: 第N局：...".
// The record's own text they quote is made safe for a terminal.
inline void print_record_warnings(const std::string& file, const std::vector<rulebook::Text>& warnings) {
    const bool ja = rulebook::warnings_lang() == rulebook::Lang::ja;
    for (const auto& w : warnings) {
        const std::string text = report::terminal_safe(file + ": " + w.in(rulebook::warnings_lang()));
        if (ja) spdlog::warn("警告: {}", text);
        else spdlog::warn("{}", text);
    }
}

// Converts game `number` of `file` and prints its warnings.
inline procedure::RecordGame convert_record(const std::string& file, int number, const rulebook::Library& library,
                                            const std::string& rulebook_id) {
    const auto record = procedure::RecordFile::open(file);
    auto game = record.game(number, library, rulebook_id);
    print_record_warnings(file, game.warnings);
    return game;
}

// What the record stated about its event and the rulebook did not take (Event::declared_aside): warnings of the
// game, printed and kept for its JSON.
inline void take_declared_warnings(const std::string& file, procedure::RecordGame& game, const procedure::Timeline& t) {
    print_record_warnings(file, t.event.declared_aside);
    game.warnings.insert(game.warnings.end(), t.event.declared_aside.begin(), t.event.declared_aside.end());
}

}  // namespace arbiter::cli
