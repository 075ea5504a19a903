// `arbiter audit FILE... [--rulebook ID | --rulebooks A,B] [--jobs N] [--format text|md|json|html|jsonl]
// [--lang en|ja]`:
// every game of many records (plain, .gz, .zst) ruled and set against what each record says. The reading, the
// parallel ruling and the summary live in engine/records/audit_*.h; this file holds the options and the output.
#include "cli/command.h"
#include "cli/rulebook_list.h"
#include "cli/safe_stderr.h"
#include "core/record/bounded_read.h"
#include "rulebook/suggest.h"
#include "records/audit_run.h"
#include "records/audit_summary.h"
#include "records/record_games.h"
#include "records/record_timeline.h"
#include "report/text_table.h"
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <functional>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace arbiter::cli {

namespace {

// The default rulebooks an audit of `files` may need (the converter names one in every timeline's event): those of
// the games whose game files read the files' formats (records.formats), or of every game for a file whose format
// shows only once it is decompressed. Reading and checking the other games' defaults was a tenth of a chess audit's
// start-up; the game files' profiles are read without compiling them.
std::vector<std::string> default_rulebooks_for(const std::vector<std::string>& files,
                                               const std::vector<std::filesystem::path>& folders) {
    std::vector<std::string> formats;
    for (const auto& file : files) {
        std::string format;  // "" where the format shows only later: every game's default
        try {
            format = procedure::record_format_name(procedure::record_format_of_file(file));
        } catch (const InputError&) {
            // the audit reports the file's error in its place
        }
        if (std::find(formats.begin(), formats.end(), format) == formats.end()) formats.push_back(format);
    }
    std::vector<std::string> read;
    for (const auto& [game, folder] : procedure::games_with_files(folders)) {
        const auto& profile = rulebook::game_profile(game, folder);
        const bool reads = std::any_of(formats.begin(), formats.end(), [&](const std::string& f) {
            return f.empty() || profile.reads_format(f);
        });
        if (reads && !profile.default_rulebook.empty()) read.push_back(profile.default_rulebook);
    }
    return read;
}

// One progress line on stderr, rewritten in place, only when stderr is a terminal and at most four times a second.
class Progress {
public:
    explicit Progress(bool japanese) : shown_(::isatty(STDERR_FILENO) == 1), japanese_(japanese) {}
    void update(long games, const std::string& file) {
        if (!shown_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(250)) return;
        last_ = now;
        // Its own control characters go out as they are (raw_stderr); the file name, from the user, made safe.
        const std::string name = report::terminal_safe(file);
        if (japanese_) raw_stderr() << "\r\x1b[Kaudit: " << games << " 局、読み込み中 " << name << std::flush;
        else raw_stderr() << "\r\x1b[Kaudit: " << games << " games, reading " << name << std::flush;
        drawn_ = true;
    }
    ~Progress() {
        if (drawn_) raw_stderr() << "\r\x1b[K" << std::flush;
    }

private:
    bool shown_;
    bool japanese_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point last_{};
};

// Feeds the games of earlier `audit --format jsonl` outputs, in the order given, to `sink`: the merge step of a
// distributed audit (scripts/audit-cluster). Line by line, so the shards' size does not matter.
void read_jsonl(const std::vector<std::string>& files, const std::function<void(const procedure::audit::AuditedGame&)>& sink) {
    // A line of `audit --format jsonl` holds one game's rulings; a line past this is not one (a file of no
    // newlines, /dev/zero, would otherwise be read into memory whole).
    constexpr std::size_t MaxJsonLine = std::size_t{16} << 20;
    for (const auto& file : files) {
        // The front door (core/record/bounded_read.h): a folder, FIFO or device is refused, "-" is the standard input.
        core::record::InputFile in(file, "JSON lines from `arbiter audit --format jsonl`", true);
        for (std::string line; in.read_line(line, MaxJsonLine);) {
            const SourceLocation where{file, in.line_number(), 1};
            if (line.find_first_not_of(" \t") == std::string::npos) continue;
            nlohmann::json j;
            // A key twice in one object (JSON leaves it open; the parser kept the last) is refused, as the YAML front
            // door refuses it: "plies" given twice made the sum take whichever came last.
            std::vector<std::set<std::string>> keys;
            std::string twice;
            const auto check_keys = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
                if (event == nlohmann::json::parse_event_t::object_start) keys.emplace_back();
                if (event == nlohmann::json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
                if (event == nlohmann::json::parse_event_t::key && !keys.empty() && twice.empty() &&
                    !keys.back().insert(parsed.get<std::string>()).second)
                    twice = parsed.get<std::string>();
                return true;
            };
            try {
                j = nlohmann::json::parse(line, check_keys);
            } catch (const nlohmann::json::parse_error& e) {
                throw InputError({file, in.line_number(), int(e.byte)},
                                 "not JSON; expected a line of `arbiter audit --format jsonl`");
            } catch (const nlohmann::json::exception&) {
                // A number beyond a double (1e99999): the library's own words stay out of the message.
                throw InputError(where, "a number too large for JSON to hold; expected a line of `arbiter audit "
                                        "--format jsonl`");
            }
            if (!twice.empty())
                throw InputError(where, "the key \"" + twice + "\" twice in one object; expected each key once (a "
                                        "line of `arbiter audit --format jsonl`)");
            sink(procedure::audit::audit_from_json(j, where));
        }
    }
}

int default_jobs() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : int(n);
}

}  // namespace

Command audit_command() {
    return {"audit", "Rule every game of many records and check each against its own result",
            "Reads each FILE (game records: PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb; plain, .gz or .zst,\n"
            "found by magic bytes and extension) game by game, so memory stays flat however large the archive, and\n"
            "rules every game under --rulebook, each of --rulebooks (comma-separated; those of another game than\n"
            "the record's are skipped), or the default for the game (fide-2009, csa-computer-shogi,\n"
            "joa-othello-2014). --jobs N rules N games at once (default: every core); the output is the same for\n"
            "any N. A progress line goes to stderr when it is a terminal.\n"
            "--format jsonl prints one object per game, in input order: {file, index, game, tags, recorded,\n"
            "rulings: {rulebook: {status, score, topic, article, count, not_comparable (the reason, when\n"
            "agrees is null)}}, agrees: {rulebook: true|false|null},\n"
            "warnings, warnings_ja (the same in Japanese, when any), plies}, or {file, index, error} for a game or\n"
            "file that could not be read (index 0: the whole file). --from-jsonl reads FILEs as such lines (the\n"
            "shards of a distributed audit, in order: scripts/audit-cluster) and summarises them exactly as if the\n"
            "games had been ruled here. text and md print a summary (in Japanese with --lang ja): games read and\n"
            "rejected (with reasons), each rulebook's\n"
            "agreeing, disagreeing and not comparable rulings, the disagreements by kind (with the article), the\n"
            "not comparable by reason and, with several rulebooks, the games they rule differently, with examples;\n"
            "json and html print the same summary and list the games the rulebooks rule differently one by one\n"
            "(the edition impact, with each rulebook's article).\n"
            "Exit 0 when every game was read; 2 when any was rejected.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto files = std::make_shared<std::vector<std::string>>();
                auto book = std::make_shared<std::string>();
                auto books = std::make_shared<std::string>();
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                auto jobs = std::make_shared<int>(default_jobs());
                auto from_jsonl = std::make_shared<bool>(false);
                app.add_option("FILE", *files, "Game records (plain, .gz, .zst)")->required();
                auto* one = app.add_option("--rulebook", *book, "Rulebook id for every game")->check(NonEmpty);
                app.add_option("--rulebooks", *books, "Rulebook ids, comma-separated")->excludes(one)->check(NonEmpty);
                app.add_option("--jobs,-j", *jobs, "Games ruled at once (default: every core)")
                    ->check(CLI::Range(1, 1024));
                app.add_option("--format", *format, "Output format")
                    ->check(CLI::IsMember({"text", "md", "json", "html", "jsonl"}));
                app.add_option("--lang", *lang, "Language of the summary")->check(CLI::IsMember({"en", "ja"}));
                app.add_flag("--from-jsonl", *from_jsonl, "FILEs are audit JSON lines to summarise (merge shards)");
                return std::function<int()>([&global, files, book, books, format, lang, jobs, from_jsonl] {
                    // --rulebook is one id, commas and all (it was split like a list: "a,b" ruled under both);
                    // a --rulebooks list of commas alone names nothing (it audited under the defaults, as compare
                    // and history refuse).
                    const auto named =
                        !book->empty() ? std::optional(std::vector{*book}) : rulebook_ids(*books, "audit");
                    if (!named) return 2;
                    if (!books->empty() && named->empty()) {
                        std::cerr << "arbiter: audit: --rulebooks names no rulebook\n";
                        return 2;
                    }
                    const std::vector<std::string>& ids = *named;
                    // The rulebooks named, else the default of each game the files may hold, not the others:
                    // reading and checking those was a fifth of an audit's start-up. Under named rulebooks the
                    // converter does not look its default up (RecordFile::game's `replaced`).
                    std::vector<std::string> read = ids;
                    const auto folders = rulebook::rulesets_dir(global.rulesets_dir);
                    if (ids.empty())
                        for (auto& id : default_rulebooks_for(*files, folders))
                            read.push_back(std::move(id));
                    // The last audit's library is never freed (its holder is never destroyed): freeing its YAML trees
                    // cost a millisecond at the end of every audit, just before the process ends.
                    static auto* kept = new std::unique_ptr<const rulebook::Library>;
                    *kept = std::make_unique<const rulebook::Library>(
                        rulebook::Library::open(folders, read));
                    const rulebook::Library& library = **kept;
                    procedure::audit::AuditOptions options;
                    options.files = *files;
                    options.jobs = *jobs;
                    for (const auto& id : ids) {
                        if (!library.find(id)) {
                            print_missing_rulebook("audit", id, library);
                            return 2;
                        }
                        options.rulebooks.push_back(id);
                    }
                    if (*from_jsonl && *format == "jsonl") {
                        std::cerr << "arbiter: audit: --from-jsonl summarises JSON lines; use --format text or md "
                                     "(the lines themselves merge by concatenation)\n";
                        return 2;
                    }
                    const auto l = *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en;
                    procedure::audit::Summary summary(options.rulebooks, l, &library.registry());
                    const bool jsonl = *format == "jsonl";
                    const auto sink = [&](const procedure::audit::AuditedGame& game) {
                        summary.add(game);
                        // Bytes that are not UTF-8 (a Latin-1 tag the rulings never read) are written as U+FFFD.
                        if (jsonl)
                            std::cout << procedure::audit::audit_json(game).dump(-1, ' ', false,
                                                                                 nlohmann::json::error_handler_t::replace)
                                      << '\n';
                    };
                    if (*from_jsonl) {
                        read_jsonl(options.files, sink);
                    } else {
                        Progress progress(l == rulebook::Lang::ja);
                        procedure::audit::run_audit(options, library, sink, [&](long games, const std::string& file) {
                            progress.update(games, file);
                        });
                    }
                    // The text, Markdown and HTML summaries quote file names, rulebook ids and records: control
                    // characters, bidirectional overrides and bytes that are not UTF-8 are written visibly, as the
                    // other commands' reports do (a U+202E in a --from-jsonl rulebook id reached the page as it was).
                    std::ostringstream written;
                    if (*format == "text") summary.write_text(written);
                    if (*format == "md") summary.write_markdown(written);
                    if (*format == "html") summary.write_html(written);
                    std::cout << report::terminal_safe(written.str());
                    if (*format == "json") summary.write_json(std::cout);
                    std::cout << std::flush;
                    return summary.rejected() > 0 ? 2 : 0;
                });
            }};
}

}  // namespace arbiter::cli
