// arbiter event check|sheet: an event measured against its rulebook, and its regulations sheet.
#include "cli/command.h"
#include "cli/safe_stderr.h"
#include "report/run_words.h"
#include "report/sheet_event.h"
#include "report/sheet_players.h"
#include "rulebook/event_check.h"
#include "rulebook/paths.h"
#include "report/json_stream.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace arbiter::cli {

namespace {

using namespace arbiter::rulebook;

nlohmann::json check_json(const Event& event, const Rulebook& book, const EventCheck& check) {
    nlohmann::json out = {{"event", event.name},     {"file", event.file},       {"rulebook", book.id},
                          {"mode", check.mode},      {"category", check.category}, {"valid", check.ok()}};
    out["time_control"] = check.time_control ? nlohmann::json(clock::format_yaml_time_control(*check.time_control)) : nlohmann::json(nullptr);
    out["time_control_from_rulebook"] = !check.time_control_article.empty();
    out["accepted"] = nlohmann::json::array();
    for (const auto& s : check.accepted)
        out["accepted"].push_back({{"path", s.path}, {"article", s.rule->article}, {"value", s.value.text}, {"rulebook_value", s.param->value.text}});
    out["refused"] = nlohmann::json::array();
    for (const auto& r : check.refused)
        out["refused"].push_back({{"path", r.path},
                                  {"article", r.article},
                                  {"message", r.message},
                                  {"message_ja", r.message_ja},
                                  {"where", r.where.to_string()}});
    return out;
}

// The check as a reader takes it: every line on stdout, refusals included (with file:line:column), in `lang`.
void print_check(const Event& event, const Rulebook& book, const EventCheck& check, Lang lang) {
    const TerminalSafeStdout safe_text;  // the event's and the rulebook's own words, on a terminal
    const bool ja = lang == Lang::ja;
    std::cout << event.name << " (" << event.file << ")\n";
    std::cout << (ja ? "  規則: " : "  rulebook: ") << book.id << "  " << book.title.in(lang) << '\n';
    if (!check.mode.empty()) std::cout << (ja ? "  方式: " : "  mode: ") << report::mode_words(check.mode, lang, {&book}) << '\n';
    if (check.time_control)
        std::cout << (ja ? "  持ち時間: " : "  time control: ") << clock::format_yaml_time_control(*check.time_control)
                  << (check.time_control_article.empty() ? ""
                      : ja                               ? "（規則集 " + check.time_control_article + " の定め）"
                                                         : " (" + check.time_control_article + ", the rulebook's own)")
                  << '\n';
    std::cout << (ja ? "  種別: " : "  category: ") << report::category_words(check.category, lang, {&book})
              << (check.category_article.empty() ? "" : " (" + check.category_article + ")")
              << (check.category_from_time ? (ja ? "、持ち時間から" : ", from the time control") : "") << '\n';
    if (!check.supervision.empty())
        std::cout << (ja ? "  監督: " : "  supervision: ")
                  << (check.supervision == "adequate" ? (ja ? "十分" : "adequate") : (ja ? "十分でない" : "not adequate"))
                  << (check.base_rules ? (ja ? "（本則を適用し、種別の規則は用いない）" : " (the main rules apply, not the category's)")
                                       : "")
                  << '\n';
    for (const auto& s : check.accepted)
        std::cout << (ja ? "  認める: " : "  accepted: ") << s.path << " = " << report::written_value_words(s.value.text, lang) << "  ("
                  << s.rule->article << (ja ? "、規則集の値は " : "; the rulebook's value is ")
                  << report::written_value_words(s.param->value.text, lang) << ")\n";
    for (const auto& r : check.refused)
        std::cout << "  " << r.where.to_string() << (ja ? ": 認めない: " : ": refused: ") << r.path << ": "
                  << (ja && !r.message_ja.empty() ? r.message_ja : r.message) << '\n';
    std::cout << (check.ok() ? (ja ? "有効: " + book.id + " はこの大会の設定をすべて認める\n" : "valid: " + book.id + " allows everything this event sets\n")
                  : ja       ? "無効: " + book.id + " が認めない設定 " + std::to_string(check.refused.size()) + " 件\n"
                             : "refused: " + std::to_string(check.refused.size()) + " setting(s) " + book.id + " does not allow\n");
}

// Exit 2 when a `set:` key is a typo (no such topic or parameter: input that does not conform), else 1 when the
// rulebook refuses a setting, else 0.
int check_exit_code(const EventCheck& check) {
    for (const auto& r : check.refused)
        if (r.unknown_name) return 2;
    return check.ok() ? 0 : 1;
}

}  // namespace

Command event_command() {
    return {"event", "Check an event against its rulebook, or print its regulations sheet",
            "arbiter event check EVENT: accepts what the rulebook lets an event set (mode, category, time\n"
            "control, `set:` parameters within their range) and refuses the rest with the article that forbids\n"
            "it, on stdout (--lang ja|en). Exit 0 when valid, 1 when something is refused, 2 when the file cannot be\n"
            "read or a `set:` key names no topic or parameter (a typo).\n"
            "arbiter event sheet EVENT [--full] [--lang ja|en] [--format md|text|html]: the sheet players read:\n"
            "what the event sets first, in plain sentences with values, then the rules its category and mode change,\n"
            "then each other point (time, draws, claims and penalties, phones) as its rule's summary alone, with its\n"
            "article. HTML is one self-contained page that prints on A4.\n"
            "--full: the arbiter's sheet: every point with its effects, cases, penalty ladders and discretions.",
            [](CLI::App& app, const GlobalOptions& global) {
                app.require_subcommand(1);
                auto file = std::make_shared<std::string>();
                auto rulebook_id = std::make_shared<std::string>();
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                CLI::App* check = app.add_subcommand("check", "Check EVENT against what its rulebook lets an event set");
                check->add_option("EVENT", *file, "Event file (event: Name at the top)")->required();
                check->add_option("--rulebook", *rulebook_id, "Use this rulebook instead of the event's")
                    ->check(NonEmpty);
                check->add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                check->add_option("--lang", *lang, "Language of the labels")->check(CLI::IsMember({"en", "ja"}));
                auto sheet_file = std::make_shared<std::string>();
                auto sheet_format = std::make_shared<std::string>("md");
                CLI::App* sheet = app.add_subcommand("sheet", "Print the regulations sheet of EVENT");
                sheet->add_option("EVENT", *sheet_file, "Event file (event: Name at the top)")->required();
                sheet->add_option("--rulebook", *rulebook_id, "Use this rulebook instead of the event's")
                    ->check(NonEmpty);
                sheet->add_option("--lang", *lang, "Language of the sheet")->check(CLI::IsMember({"en", "ja"}));
                sheet->add_option("--format", *sheet_format, "Output format")->check(CLI::IsMember({"text", "md", "html"}));
                // The players' sheet is the default; --players stays accepted for the scripts that name it.
                struct SheetKind {
                    bool full = false, players = false;
                };
                auto kind = std::make_shared<SheetKind>();
                CLI::Option* full_flag = sheet->add_flag(
                    "--full", kind->full, "The arbiter's sheet: every point with its effects, cases and discretions");
                sheet->add_flag("--players", kind->players, "The players' sheet (the default)")->excludes(full_flag);
                return std::function<int()>([&global, check, file, sheet_file, rulebook_id, format, sheet_format, lang,
                                             kind] {
                    const bool is_check = check->parsed();
                    const Event event = load_event(is_check ? *file : *sheet_file);
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    const Rulebook& book = event_rulebook(event, library, *rulebook_id);
                    const EventCheck result = check_event_settings(event, book, library.registry());
                    if (is_check) {
                        if (*format == "json")
                            std::cout << report::json_stream::dump(check_json(event, book, result), 2) << '\n';
                        else print_check(event, book, result, *lang == "ja" ? Lang::ja : Lang::en);
                        return check_exit_code(result);
                    }
                    if (!result.ok()) {
                        for (const auto& r : result.refused) std::cerr << r.where.to_string() << ": refused: " << r.path << ": " << r.message << '\n';
                        std::cerr << "arbiter: event sheet: the event sets what " << book.id << " does not allow (see arbiter event check)\n";
                        return check_exit_code(result);
                    }
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    const Registry& registry = library.registry();
                    const report::Sheet s = kind->full ? report::event_sheet(event, book, result, registry, language)
                                                      : report::players_sheet(event, book, result, registry, language);
                    std::cout << (*sheet_format == "html" ? report::sheet_html(s)
                                  : *sheet_format == "text" ? report::sheet_text(s)
                                                            : report::sheet_markdown(s));
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
