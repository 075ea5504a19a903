// Which record format a file holds (record_timeline.h): by its extension, else by its first bytes.
#include "records/record_timeline.h"

#include "records/convert.h"

#include "core/record/bounded_read.h"
#include "core/record/othello_records.h"

#include <cctype>

namespace arbiter::procedure {

using namespace convert;

std::string_view record_format_name(RecordFormat format) {
    switch (format) {
        case RecordFormat::pgn: return "pgn";
        case RecordFormat::kif: return "kif";
        case RecordFormat::ki2: return "ki2";
        case RecordFormat::csa: return "csa";
        case RecordFormat::ggf: return "ggf";
        case RecordFormat::othello_transcript: return "transcript";
        case RecordFormat::wthor: return "wthor";
        case RecordFormat::none: break;
    }
    return "";
}

namespace {

// A PGN tag pair's start, '[' Name ' '* '"' (PGN standard 8.1.1): what no YAML document starts with, since a YAML
// flow sequence's first item after a plain word would need a ',' or ']' before a quote. ';' starts a PGN comment
// line (8.2.5.1) where YAML would take it as a plain scalar, never a timeline.
bool looks_like_pgn_tag(std::string_view t) {
    if (!starts_with(t, "[")) return false;
    std::size_t k = 1;
    while (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == '_')) ++k;
    if (k == 1) return false;
    while (k < t.size() && t[k] == ' ') ++k;
    return k > 1 && k < t.size() && t[k] == '"' && t[k - 1] == ' ';
}

}  // namespace

RecordFormat detect_record_format(const std::string& path, std::string_view bytes) {
    const std::string ext = extension_of(path);
    if (ext == ".pgn") return RecordFormat::pgn;
    if (ext == ".kif" || ext == ".kifu") return RecordFormat::kif;
    if (ext == ".ki2" || ext == ".ki2u") return RecordFormat::ki2;
    if (ext == ".csa") return RecordFormat::csa;
    if (ext == ".ggf") return RecordFormat::ggf;
    // The WTHOR database's players and tournaments lists go to the WTHOR reader, which names them and refuses them.
    if (ext == ".wtb" || ext == ".jou" || ext == ".trn") return RecordFormat::wthor;
    if (ext == ".yaml" || ext == ".yml" || ext == ".json") return RecordFormat::none;
    // By content: a WTHOR header first (binary, before any text is looked for), then skip a UTF-8 byte order mark
    // and leading blank lines.
    if (core::record::looks_like_wthor(bytes)) return RecordFormat::wthor;
    std::string_view t = bytes;
    if (starts_with(t, "\xEF\xBB\xBF")) t.remove_prefix(3);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    if (starts_with(t, "(;GM[Othello]") || starts_with(t, "(;GM[othello]")) return RecordFormat::ggf;
    if (starts_with(t, "[Event ") || starts_with(t, "[Site ") || starts_with(t, "[White ") || starts_with(t, "1. ") ||
        starts_with(t, "1.") || looks_like_pgn_tag(t) || starts_with(t, ";"))
        return RecordFormat::pgn;
    // KI2: moves after their marks at the start of a line, where KIF numbers its move lines.
    const bool marked_line = starts_with(t, "▲") || starts_with(t, "△") || starts_with(t, "☗") || starts_with(t, "☖") ||
                             t.find("\n▲") != std::string_view::npos || t.find("\n☗") != std::string_view::npos;
    if (marked_line && t.find("手数----") == std::string_view::npos) return RecordFormat::ki2;
    if (t.find("手合割") != std::string_view::npos || t.find("手数----") != std::string_view::npos ||
        starts_with(t, "#KIF"))
        return RecordFormat::kif;
    if (starts_with(t, "V2") || starts_with(t, "V3") || starts_with(t, "PI") || starts_with(t, "P1") ||
        starts_with(t, "N+") || starts_with(t, "'"))
        return RecordFormat::csa;
    if (ext == ".txt" || ext.empty() || ext == ".tr")
        if (looks_like_transcript(t)) return RecordFormat::othello_transcript;
    return RecordFormat::none;
}

RecordFormat record_format_of_file(const std::string& path) {
    // Through the front door: a FIFO, device or folder is refused here, before any parser (an ifstream waited
    // forever on a FIFO with no writer). Leading white space is skipped before the head is kept, so a file of
    // megabytes of blank lines and then a game is still found by its content.
    const std::string ext = extension_of(path);
    if (ext == ".yaml" || ext == ".yml" || ext == ".json") return RecordFormat::none;  // read_yaml_file's front door
    return detect_record_format(
        path, core::record::read_file_head(path, 4096, core::record::MaxInputFileBytes, "a timeline or a game record"));
}

}  // namespace arbiter::procedure
