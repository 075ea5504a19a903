// Game records as timeline YAML (record_timeline.h): the formats, the replay that checks every move, the instants
// worked from the record's clocks, and the record's ending as the entry it stands for.
#include "records/record_timeline.h"

#include "records/convert.h"

#include "clock/clock.h"
#include "clock/duration.h"
#include "clock/time_control.h"
#include "core/error.h"
#include "core/game.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/placement_game.h"
#include "core/record/bounded_read.h"
#include "core/record/csa.h"
#include "core/record/game_record.h"
#include "core/record/ki2.h"
#include "core/record/kif.h"
#include "core/record/othello_records.h"
#include "rulebook/event.h"
#include "rulebook/timeline.h"
#include "rulebook/yaml_source.h"

#include <algorithm>
#include <cstdint>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbiter::procedure {

using namespace convert;

std::string default_record_rulebook(std::string_view game, const rulebook::Library& library) {
    return rulebook::game_profile(game, library.folder_of_game(game)).default_rulebook;
}

// --- the file, read once -------------------------------------------------------------------------------------

// A PGN, GGF or WTHOR file of many games is held as its bytes and where each game starts, and each game is read when
// it is converted: reading every game of a 100,000-game PGN into records before using one took 630 MB for 10.7 MB of
// text. The other formats hold one game (KIF, CSA, a transcript) and keep its record, except KIF, whose bytes are
// kept and read when the game is converted: its moves name pieces as the game file that reads KIF names them.
struct RecordFile::Data {
    std::string file;
    RecordFormat format = RecordFormat::none;
    std::vector<core::PgnGame> pgn;  // read_pgn_game's one game
    std::vector<GameRecord> records;
    std::string bytes;  // PGN, GGF (from `from`, after a byte order mark), WTHOR and KIF: the file's bytes
    std::size_t from = 0;
    std::vector<core::PgnPlace> places;  // PGN: where each game starts in bytes
    std::vector<core::record::GgfPlace> ggf;  // GGF: where each game starts in bytes
    std::size_t wthor = 0;               // WTHOR: the games in bytes
    int first = 1;         // the number of records[0] / pgn[0] in the file
    bool streamed = false; // one game of a PGN stream: the file's game count is not known
};

RecordFile::RecordFile(std::unique_ptr<Data> data) : data_(std::move(data)) {}
RecordFile::~RecordFile() = default;
RecordFile::RecordFile(RecordFile&&) noexcept = default;
RecordFile& RecordFile::operator=(RecordFile&&) noexcept = default;
RecordFormat RecordFile::format() const { return data_->format; }
const std::string& RecordFile::file() const { return data_->file; }
int RecordFile::first_game() const { return data_->first; }
int RecordFile::games() const {
    if (data_->format == RecordFormat::pgn) return int(data_->streamed ? data_->pgn.size() : data_->places.size());
    if (data_->format == RecordFormat::ggf) return int(data_->ggf.size());
    if (data_->format == RecordFormat::kif || data_->format == RecordFormat::ki2) return 1;
    return int(data_->format == RecordFormat::wthor ? data_->wthor : data_->records.size());
}

RecordFile RecordFile::open(const std::string& path) { return read_owned(core::record::read_whole_file(path), path); }

RecordFile RecordFile::read(std::string_view bytes, const std::string& path, RecordFormat format) {
    return read_owned(std::string(bytes), path, format);
}

RecordFile RecordFile::read_pgn_game(std::string_view text, const std::string& name, int number, int first_line) {
    auto d = std::make_unique<Data>();
    d->file = name;
    d->format = RecordFormat::pgn;
    d->first = number;
    d->streamed = true;
    const Text where{"game " + std::to_string(number) + ": ", "第 " + std::to_string(number) + " 局："};
    if (const auto nul = text.find('\0'); nul != std::string::npos)
        throw InputError({name, first_line, 0},
                         Text{where.en + "binary data (a NUL byte): a pgn record is text",
                              where.ja + "バイナリのデータ（NUL バイト）がある：PGN はテキスト"});
    try {
        d->pgn = core::read_pgn(text, name, first_line);  // the reader counts lines from the game's place in the file
    } catch (const InputError& e) {
        throw with_prefix(e, where);
    }
    if (d->pgn.size() != 1)
        throw InputError(
            {name, first_line, 1},
            Text{where.en + (d->pgn.empty() ? std::string("no game in this text")
                                            : "two games without tags between them; expected each game "
                                              "to start with its tag pairs"),
                 where.ja + (d->pgn.empty() ? "このテキストに対局がない"
                                            : "タグのない二つの対局が続く（対局はそれぞれタグで始まる）")});
    return RecordFile(std::move(d));
}

// A format's name as the Japanese messages write it ("PGN", "KIF"): the English ones keep the lower-case id.
static std::string upper(std::string_view name) {
    std::string out(name);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    return out;
}

// A PGN, GGF or transcript is ASCII or UTF-8: the first byte that is not (overlong forms, surrogates and code points
// past U+10FFFF included) is refused at its own line and column of the record. Left to the converted timeline's front
// door, it was placed at a line of the converted text (a Latin-1 name on line 2 was "line 3").
static void refuse_non_utf8(std::string_view text, const std::string& path) {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            line_start = i + 1;
        }
        const int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        bool ok = extra >= 0 && i + std::size_t(extra) < text.size();
        std::uint32_t cp = c & (0x3F >> std::max(extra, 0));
        for (int k = 1; ok && k <= extra; ++k) {
            const auto d = static_cast<unsigned char>(text[i + std::size_t(k)]);
            ok = (d & 0xC0) == 0x80;
            cp = (cp << 6) | (d & 0x3F);
        }
        static constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
        if (ok && extra > 0 && (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) ok = false;
        if (!ok) {
            static const char* hex = "0123456789abcdef";
            // The column counts characters, as the YAML front door's does.
            int column = 1;
            for (std::size_t k = line_start; k < i; ++k)
                if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++column;
            const std::string byte = std::string("0x") + hex[c >> 4] + hex[c & 15];
            throw InputError({path, line, column},
                             Text{"binary file: found the byte " + byte + ", which is not UTF-8; expected UTF-8 text",
                                  "UTF-8 でないバイト " + byte + " がある：UTF-8 のテキストではない"});
        }
        i += 1 + std::size_t(extra);
    }
}

RecordFile RecordFile::read_owned(std::string owned, const std::string& path, RecordFormat format) {
    const std::string_view bytes = owned;
    auto d = std::make_unique<Data>();
    d->file = path;
    if (bytes.empty())
        throw InputError({path, 0, 0}, Text{"empty file: expected a game record", "空のファイル（棋譜がない）"});
    d->format = format != RecordFormat::none ? format : detect_record_format(path, bytes);
    if (d->format != RecordFormat::wthor && d->format != RecordFormat::none)
        if (const auto nul = bytes.find('\0'); nul != std::string::npos)
            throw InputError({path, 0, 0},
                             Text{"binary data (a NUL byte at byte " + std::to_string(nul) + "): a " +
                                      std::string(record_format_name(d->format)) + " record is text",
                                  "バイナリのデータ（" + std::to_string(nul) + " バイト目に NUL バイト）：" +
                                      upper(record_format_name(d->format)) + " の棋譜はテキスト"});
    // A UTF-8 byte order mark (editors on Windows write one) is not part of a PGN, GGF or transcript text; the KIF and
    // CSA readers drop it themselves.
    std::string_view text = bytes;
    if (d->format == RecordFormat::pgn || d->format == RecordFormat::ggf || d->format == RecordFormat::othello_transcript)
        if (starts_with(text, "\xEF\xBB\xBF")) text.remove_prefix(3);
    if (d->format == RecordFormat::pgn || d->format == RecordFormat::ggf ||
        d->format == RecordFormat::othello_transcript)
        refuse_non_utf8(text, path);
    switch (d->format) {
        case RecordFormat::pgn: {
            // PGN is ASCII or UTF-8; a file in another encoding (Latin-1 names) is refused by the byte (above). Every
            // game is read here (a malformed one is refused whichever game is asked for), and only its place kept.
            d->places = core::read_pgn_places(text, path);
            d->from = std::size_t(text.data() - bytes.data());
            d->bytes = std::move(owned);
            break;
        }
        case RecordFormat::kif:
        case RecordFormat::ki2: d->bytes = std::move(owned); break;
        case RecordFormat::csa: d->records.push_back(core::record::read_csa(bytes, path)); break;
        case RecordFormat::ggf: {
            // As a PGN: every game read here (a malformed one is refused whichever game is asked for), its place kept.
            d->ggf = core::record::read_ggf_places(text, path);
            d->from = std::size_t(text.data() - bytes.data());
            d->bytes = std::move(owned);
            break;
        }
        case RecordFormat::othello_transcript: d->records.push_back(core::record::read_othello_transcript(text, path)); break;
        case RecordFormat::wthor: {
            // Every game is decoded once here (a damaged one is refused whichever game is asked for), then again
            // when it is converted.
            d->wthor = core::record::wthor_games(bytes, path);
            for (std::size_t g = 0; g < d->wthor; ++g) (void)core::record::read_wthor_game(bytes, path, g);
            d->bytes = std::move(owned);
            break;
        }
        case RecordFormat::none:
            throw InputError({path, 1, 1},
                             Text{"not a game record this program reads (PGN, KIF, CSA, GGF, an othello transcript, "
                                  "WTHOR .wtb)",
                                  "読める棋譜ではない（PGN、KIF、CSA、GGF、オセロの棋譜テキスト、WTHOR .wtb）"});
    }
    const RecordFormat found = d->format;
    RecordFile out(std::move(d));
    if (out.games() == 0)
        throw InputError({path, 0, 0},
                         Text{std::string("no game in this ") + std::string(record_format_name(found)) + " file",
                              "この " + upper(record_format_name(found)) + " のファイルに対局がない"});
    return out;
}



RecordGame RecordFile::game(int number, const rulebook::Library& library, const std::string& rulebook_id,
                            bool parts, bool replaced) const {
    return convert(number, library, rulebook_id, parts, false, replaced);
}

RecordGame RecordFile::take_game(int number, const rulebook::Library& library, const std::string& rulebook_id,
                                 bool parts, bool replaced) {
    return convert(number, library, rulebook_id, parts, true, replaced);
}

// `take_tags`: the tags are moved out of data_ once the game is converted (take_game, which alone may change the
// file), rather than copied for every game of an archive.
RecordGame RecordFile::convert(int number, const rulebook::Library& library, const std::string& rulebook_id,
                               bool parts, bool take_tags, bool replaced) const {
    const int n = data_->streamed ? 0 : games();
    const int at = number - data_->first;
    if (at < 0 || at >= games())
        throw InputError({data_->file, 0, 0}, Text{"--game " + std::to_string(number) + ": the file holds " +
                                                       std::to_string(n) + (n == 1 ? " game" : " games"),
                                                   "--game " + std::to_string(number) + "：このファイルの対局は " +
                                                       std::to_string(n) + " 局"});
    Build b(data_->file, number, n);
    b.audit = parts;
    std::vector<std::pair<std::string, std::string>> tags;
    if (data_->format == RecordFormat::pgn) {
        if (data_->streamed) {
            auto& pgn = data_->pgn[std::size_t(at)];
            convert_pgn(b, pgn, library);
            tags = take_tags ? std::move(pgn.tags) : pgn.tags;
        } else {
            // Read again from its place: nothing is kept of it once converted (and threads share the file).
            auto pgn = core::read_pgn_at(std::string_view(data_->bytes).substr(data_->from), data_->file,
                                         data_->places[std::size_t(at)]);
            convert_pgn(b, pgn, library);
            tags = std::move(pgn.tags);
        }
    } else if (data_->format == RecordFormat::wthor) {
        GameRecord r = core::record::read_wthor_game(data_->bytes, data_->file, std::size_t(at));
        convert_othello(b, r, library);
        tags = std::move(r.headers);
    } else {
        // A GGF game is read again from its place (as a PGN game is), a KIF game with the piece names of the game
        // file that reads KIF records (record_games.h); the other formats' one record is kept.
        const bool placed = data_->format == RecordFormat::ggf || data_->format == RecordFormat::kif ||
                            data_->format == RecordFormat::ki2;
        GameRecord read_again;
        if (data_->format == RecordFormat::ggf)
            read_again = core::record::read_ggf_at(std::string_view(data_->bytes).substr(data_->from), data_->file,
                                                   data_->ggf[std::size_t(at)]);
        if (data_->format == RecordFormat::kif) {
            const core::GameDefinitionPtr def = record_game(library, "kif", "");
            if (!def) throw InputError({data_->file, 0, 0}, "no game file reads KIF records (records.formats)");
            read_again = core::record::read_kif(data_->bytes, data_->file, core::record::kif_pieces(*def));
        }
        // A KI2 game's moves are read on the board as it is converted (its words tell pieces apart).
        if (data_->format == RecordFormat::ki2) read_again = core::record::read_ki2(data_->bytes, data_->file);
        GameRecord& r = placed ? read_again : data_->records[std::size_t(at)];
        // The PGN reader refuses a longer game as it reads it; a KIF, CSA, GGF or transcript game is refused here,
        // before its moves are converted and ruled.
        if (r.moves.size() > core::record::MaxRecordPlies) {
            const core::record::RecordMove& past = r.moves[core::record::MaxRecordPlies];
            throw InputError(
                {data_->file, past.line, past.column},
                Text{"game " + std::to_string(number) + ": more than " + std::to_string(core::record::MaxRecordPlies) +
                         " plies; expected a game record of fewer moves (a longer game is refused rather "
                         "than held in memory)",
                     "第 " + std::to_string(number) + " 局：" + std::to_string(core::record::MaxRecordPlies) +
                         " 手を超える（長すぎて読まない）"});
        }
        // By the record's format; the converter finds the game whose game file reads it (record_games.h).
        switch (data_->format) {
            case RecordFormat::kif:
            case RecordFormat::ki2:
            case RecordFormat::csa: convert_shogi(b, r, library); break;
            default: convert_othello(b, r, library); break;
        }
        tags = take_tags || placed ? std::move(r.headers) : r.headers;
    }
    RecordGame out;
    out.file = data_->file;
    out.format = data_->format;
    out.number = number;
    out.count = n;
    out.game = b.game;
    out.rulebook = rulebook_id.empty() ? b.default_rulebook : rulebook_id;
    const rulebook::Rulebook* book = replaced ? nullptr : library.find(out.rulebook);
    // Without --rulebook the id is the game file's: its fault is placed at its default_rulebook key, not the record.
    if (rulebook_id.empty() && !replaced && b.default_rulebook.empty())
        throw InputError({data_->file, 0, 0},
                         Text{"game " + std::to_string(number) + " is of " + b.game +
                                  ", whose game file names no default_rulebook; expected --rulebook",
                              "第 " + std::to_string(number) + " 局は " + b.game +
                                  " で、そのゲームのファイルに default_rulebook がない（--rulebook で指定する）"});
    if (const InputError* failure = book || replaced ? nullptr : library.failure(out.rulebook)) throw *failure;
    if (rulebook_id.empty() && !replaced && (!book || book->game != b.game))
        throw InputError(b.default_rulebook_at,
                         "default_rulebook: " +
                             (book ? "\"" + out.rulebook + "\" is a " + book->game + " rulebook"
                                   : "no rulebook \"" + out.rulebook + "\"") +
                             " for the records of " + b.game + " (" + data_->file + ", game " + std::to_string(number) +
                             "); expected the id of a rulebook of " + b.game + " (arbiter list), or name one with --rulebook");
    if (!book && !replaced)
        throw InputError({data_->file, 0, 0},
                         Text{"no rulebook \"" + out.rulebook + "\"", "規則書「" + out.rulebook + "」がない"});
    if (book && book->game != b.game)
        throw InputError({data_->file, 0, 0},
                         Text{"rulebook \"" + out.rulebook + "\" is a " + book->game + " rulebook; game " +
                                  std::to_string(number) + " of this record is " + b.game,
                              "規則書「" + out.rulebook + "」は " + book->game + " の規則書で、第 " +
                                  std::to_string(number) + " 局は " + b.game});
    if (parts) {
        out.head = write_yaml(b, out.rulebook, data_->format, false);
        out.parts = std::move(b.parts);
        out.readings = std::move(b.readings);
    } else {
        out.yaml = write_yaml(b, out.rulebook, data_->format);
    }
    out.recorded = std::move(b.recorded);
    out.warnings = std::move(b.warnings);
    out.tags = std::move(tags);
    return out;
}

rulebook::YamlFile parse_converted_yaml(std::string_view text, const std::string& name) {
    const std::string what = "the game converted to a timeline";
    const std::string instead = "; expected a game of fewer moves and shorter tags or headers";
    if (text.size() > rulebook::MaxYamlBytes)
        throw InputError({name, 0, 0},
                         Text{what + " takes " + std::to_string(text.size()) + " bytes, more than the " +
                                  std::to_string(rulebook::MaxYamlBytes) + " a timeline may" + instead,
                              "対局記録に変換すると " + std::to_string(text.size()) + " バイトで、上限の " +
                                  std::to_string(rulebook::MaxYamlBytes) + " バイトを超える"});
    try {
        return rulebook::parse_yaml_text(text, name);
    } catch (const InputError& e) {
        // The converted text's line would point into the record at random: none is given, and the front door's own
        // "expected" (a smaller document) gives way to what the record can change.
        // A bound (nodes, nesting) is what the record can change; any other refusal keeps the front door's words.
        const std::string& message = e.message();
        const bool bound = message.rfind("more than ", 0) == 0 || message.rfind("nesting deeper", 0) == 0;
        throw InputError(
            {name, 0, 0},
            Text{what +
                     " cannot be read: " + (bound ? message.substr(0, message.find("; expected")) + instead : message),
                 bound ? "対局記録に変換すると大きすぎる（手、タグ、見出しを減らす）"
                       : "対局を変換した対局記録が読めない：" + (e.message_ja().empty() ? message : e.message_ja())});
    }
}

Timeline record_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override) {
    std::string name = game.file;
    if (game.count != 1) name += " (game " + std::to_string(game.number) + ")";
    return read_timeline(parse_converted_yaml(game.yaml, name), library, rulebook_override);
}

nlohmann::json recorded_json(const RecordedEnding& recorded) {
    nlohmann::json out = nlohmann::json::object();
    out["ending"] = recorded.ending.empty() ? "unknown" : recorded.ending;
    if (!recorded.by.empty()) out["by"] = recorded.by;
    out["text"] = recorded.text;
    if (!recorded.text_ja.empty()) out["text_ja"] = recorded.text_ja;
    if (!recorded.score.empty()) {
        nlohmann::json score = nlohmann::json::object();
        for (const auto& [side, points] : recorded.score) score[side] = points;
        out["score"] = score;
    } else {
        out["score"] = nullptr;
    }
    if (!recorded.discs.empty()) out["discs"] = recorded.discs;
    if (!recorded.not_comparable.empty()) {
        out["not_comparable"] = recorded.not_comparable;
        out["not_comparable_ja"] = recorded.not_comparable_ja;
    }
    return out;
}

bool rulebook_has_no_rule(const Run& run) {
    // The record's last act (an agreement, a resignation) met no rule: the runner noted that nothing follows, with no
    // article and no effect. The rulebook then neither confirms nor refutes the recorded result.
    return run.result.status == procedure::Status::ongoing && !run.rulings.empty() && run.rulings.back().article.empty() &&
           run.rulings.back().effects.empty();
}

std::optional<bool> agrees(const RecordedEnding& recorded, const Run& run) {
    if (recorded.score.empty() || !recorded.not_comparable.empty() || run.result.status == procedure::Status::pending)
        return std::nullopt;
    if (rulebook_has_no_rule(run)) return std::nullopt;
    if (run.result.status != procedure::Status::ended || !run.result.score) return false;
    for (int s = 0; s < 2; ++s) {
        const auto it = recorded.score.find(run.sides[std::size_t(s)]);
        if (it == recorded.score.end()) return false;
        if (std::abs(it->second - (*run.result.score)[std::size_t(s)]) > 1e-9) return false;
    }
    if (!recorded.discs.empty())
        if (const auto count = ruled_count(run))
            for (int s = 0; s < 2; ++s) {
                const auto it = recorded.discs.find(run.sides[std::size_t(s)]);
                if (it != recorded.discs.end() && it->second != (*count)[std::size_t(s)]) return false;
            }
    return true;
}

std::optional<std::array<int, 2>> ruled_count(const Run& run) { return run.result.discs; }

void add_record_keys(nlohmann::json& out, const RecordGame& game, const Run& run) {
    out["record"] = {{"file", game.file},
                     {"format", std::string(record_format_name(game.format))},
                     {"game", game.number},
                     {"games", game.count}};
    out["recorded"] = recorded_json(game.recorded);
    const auto a = agrees(game.recorded, run);
    out["agrees"] = a ? nlohmann::json(*a) : nlohmann::json(nullptr);
    add_warnings(out, game.warnings);
}

}  // namespace arbiter::procedure
