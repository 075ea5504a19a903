// What a record says, in words for a reader: the recorded ending, the sides and the line `run` and `compare` print
// under a ruling of a record, in English or in Japanese (each game's own words: 先手/後手, 黒/白, from the registry's
// roles). English keeps the engine's names, as the rest of the English output does. audit_summary.cpp and
// cli/record_arg.h share it.
#pragma once

#include "records/record_timeline.h"
#include "rulebook/registry.h"
#include "rulebook/text.h"

#include <string>
#include <string_view>

namespace arbiter::procedure {

// A side in the language: "sente" -> "先手", "white" -> "白" (the registry's role); English, or a name the
// registry lacks, as it is.
std::string side_words(std::string_view side, const rulebook::Registry* registry, rulebook::Lang lang);

// The recorded ending in a few words, without the side: "lost on time" / "時間切れ負け", "draw by repetition" /
// "同一局面の反復による引き分け"; an ending the table lacks is "recorded <ending>" in English.
std::string ending_words(std::string_view ending, rulebook::Lang lang);

// The record's text in the language: `text_ja` where the converter wrote one (WTHOR's count), else the text as the
// record wrote it.
const std::string& recorded_text(const RecordedEnding& recorded, rulebook::Lang lang);

// The line under a run of a record: what the record says and whether the ruling agrees. English: "Recorded:
// time_forfeit by white (0-1 (Time forfeit)), score white 0.0 black 1.0; ruling agrees"; Japanese:
// "記録: 白の時間切れ負け「0-1 (Time forfeit)」、得点 白 0、黒 1。裁定は記録と一致".
std::string recorded_line(const RecordGame& game, const Run& run, rulebook::Lang lang, const rulebook::Registry* registry);

// `en` or `ja`, as `lang` asks: the audit summary's own words, written in both languages where they are used.
inline std::string tr(rulebook::Lang lang, const char* en, const char* ja) { return lang == rulebook::Lang::ja ? ja : en; }

}  // namespace arbiter::procedure
